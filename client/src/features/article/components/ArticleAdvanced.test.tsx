// @vitest-environment happy-dom
// The article form's "Advanced" disclosure (docs/engines.md, "Advanced text options"): tone and
// language only where the text engine honours them (the template writer honours neither: no
// Advanced at all).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));
import { answerJobSubscriptions, recordOperations, testEngine } from '../../jobs/testing';
import { WriteArticleRoute } from '../routes/WriteArticleRoute';

const { sent, variables, renderRoute } = recordOperations(() => <WriteArticleRoute />);
answerJobSubscriptions();
afterEach(cleanup);

const image = testEngine();
const template = { image, text: testEngine({ label: 'Template writer — no text model connected', model: 'atelier-offline-writer' }) };
const ollama = { image, text: testEngine({ name: 'ollama', label: 'Ollama · llama3.2:3b', model: 'llama3.2:3b', placeholder: false, options: ['TONE', 'LANGUAGE'] }) };

async function generate() {
  fireEvent.change(screen.getByLabelText('Article topic'), { target: { value: ' Tide pools ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Generate article' }));
  await waitFor(() => expect(sent).toContain('GenerateArticle'));
  return (variables[sent.indexOf('GenerateArticle')] as { input: Record<string, unknown> }).input;
}

describe('the article form with an engine', () => {
  it('with the template writer: no Advanced, a note on how to connect a model, and only topic and length sent', async () => {
    renderRoute(template);
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/No text model connected.*Ollama or an OpenAI-compatible server/);
    expect(screen.queryByText('Advanced')).toBeNull();
    expect(await generate()).toEqual({ topic: 'Tide pools', length: 'SHORT' });
  });

  it('with Ollama: names the model, and sends the tone and language chosen', async () => {
    renderRoute(ollama);
    await screen.findByText('Advanced');
    expect(screen.getByText(/Text by/).textContent).toBe('Text by Ollama · llama3.2:3b');
    fireEvent.click(screen.getByRole('radio', { name: 'Playful' }));
    const language = screen.getByLabelText('Language') as HTMLInputElement;
    expect(language.getAttribute('list')).toBeTruthy();
    expect(document.getElementById(language.getAttribute('list')!)!.querySelectorAll('option').length).toBeGreaterThan(10);
    fireEvent.change(language, { target: { value: 'French' } });
    expect(await generate()).toEqual({ topic: 'Tide pools', length: 'SHORT', tone: 'PLAYFUL', language: 'French' });
  });

  it('sends no language when none is typed (English)', async () => {
    renderRoute(ollama);
    await screen.findByText('Advanced');
    expect(await generate()).toEqual({ topic: 'Tide pools', length: 'SHORT', tone: 'NEUTRAL' });
  });
});
