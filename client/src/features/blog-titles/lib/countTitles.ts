/** How many titles a result holds: its numbered list items ("1. …", "2) …"), ignoring code blocks. */
export function countTitles(markdown: string): number {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return prose.match(/^\s{0,3}\d{1,3}[.)]\s+\S/gm)?.length ?? 0;
}
