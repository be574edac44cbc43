// Counts shown under text results. Markdown syntax is not prose, so it is stripped first.

function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ') // code blocks
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images keep their text
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '') // headings, quotes, list markers
    .replace(/[*_`~|]/g, ''); // emphasis, code, strike, table pipes
}

export function countWords(markdown: string): number {
  return plainText(markdown).match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/** Runs of text ending in . ! or ? (headings and bare list items, without one, do not count). */
export function countSentences(markdown: string): number {
  return plainText(markdown).match(/[^.!?\n]*[\p{L}\p{N}][^.!?\n]*[.!?]+/gu)?.length ?? 0;
}
