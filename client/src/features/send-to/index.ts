// "Send to…" (docs/adding-a-tool.md, "Sending a creation to a tool"): a result's picture goes to
// another image tool as its input, by the creation's id.
export { SendToMenu } from './components/SendToMenu';
export { SentImageDetails } from './components/SentImageDetails';
export { useImageInput, type ImageInput } from './hooks/useImageInput';
export type { SentImage } from './lib/sent';
