/** Results made by the embedded, offline providers say so (docs/real-services.md). */
export function isEmbeddedProvider(provider: string): boolean {
  return provider === 'local';
}
