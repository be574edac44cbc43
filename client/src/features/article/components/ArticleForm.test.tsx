// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleForm } from './ArticleForm';

afterEach(cleanup);

function Harness({ busy = false, onSubmit = () => {} }: { busy?: boolean; onSubmit?: () => void }) {
  const [topic, setTopic] = useState('');
  const [length, setLength] = useState<'SHORT' | 'MEDIUM' | 'LONG'>('SHORT');
  return <ArticleForm topic={topic} length={length} busy={busy} onTopicChange={setTopic} onLengthChange={setLength} onSubmit={onSubmit} />;
}

describe('ArticleForm', () => {
  it('disables Generate while the topic is blank after trimming', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Generate article' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Article topic'), { target: { value: '    ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Article topic'), { target: { value: 'Bees' } });
    expect(button.disabled).toBe(false);
  });

  it('disables Generate while a job runs', () => {
    render(<Harness busy />);
    expect((screen.getByRole('button', { name: /Generating/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('defaults to Short and lets the user choose another length', () => {
    const submit = vi.fn();
    render(<Harness onSubmit={submit} />);
    const short = screen.getByLabelText(/Short/) as HTMLInputElement;
    expect(short.checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/Long/));
    expect((screen.getByLabelText(/Long/) as HTMLInputElement).checked).toBe(true);
  });
});
