/** Results made by the embedded, offline providers say so (DESIGN.md §2). */
export function isEmbeddedProvider(provider: string): boolean {
  return provider === 'local';
}
