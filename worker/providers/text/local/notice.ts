// The first line of every template writer's answer (docs/engines.md, "Placeholders"): the text
// says itself that no model wrote it, wherever it is read (the page, a copy, the REST answer).

/** A markdown quote line and a blank line; `what` opens it ("Template", "Template titles"…), `then` says what a model would give. */
export function templateNotice(what: string, made: string, then = 'for real writing'): string {
  return `> **${what}, not AI writing.** No text model is connected, so ${made}. Connect Ollama or an OpenAI-compatible service (see the Engines guide) ${then}.\n\n`;
}

/** Whether a text starts with a template writer's notice. */
export const hasTemplateNotice = (text: string): boolean => /^> \*\*[^*\n]+, not AI writing\.\*\*/.test(text);
