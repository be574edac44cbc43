// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
/** Every message of a tool page is its one toast (toolToast): the same id each time. */
const TOOL_TOAST = { id: expect.stringMatching(/^tool:/) };
vi.mock('sonner', () => ({ toast }));
import { recordOperations, stubFileToolSession } from '../../jobs/testing';
import { ReviewResumeRoute } from './ReviewResumeRoute';

const { sent, renderRoute } = recordOperations(() => <ReviewResumeRoute />);
stubFileToolSession('blob:resume');

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

const picker = () => screen.getByLabelText('Resume PDF file') as HTMLInputElement;
const analyze = () => screen.getByRole('button', { name: 'Analyze Resume' }) as HTMLButtonElement;

describe('ReviewResumeRoute (product §2, §5)', () => {
  it("says 'Please select a resume file first' when submitted without a file, and sends nothing", () => {
    renderRoute();
    fireEvent.click(analyze());
    expect(toast.error).toHaveBeenCalledWith('Please select a resume file first', TOOL_TOAST);
    expect(sent).toEqual([]);
    expect(screen.getByText(/Upload your resume and click “Analyze Resume”/)).toBeTruthy();
  });

  it('accepts only application/pdf: a Word file is refused beside the picker and not shown', () => {
    renderRoute();
    expect(picker().accept).toBe('application/pdf,.pdf');
    const docx = new File(['PK'], 'cv.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    fireEvent.change(picker(), { target: { files: [docx] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose a PDF file: “cv.docx” is not one.');
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('cv.docx')).toBeNull();
    expect(screen.queryByRole('link', { name: /View Original PDF/ })).toBeNull();
    // Still nothing chosen: submitting asks for a file.
    fireEvent.click(analyze());
    expect(toast.error).toHaveBeenLastCalledWith('Please select a resume file first', TOOL_TOAST);
    expect(sent).toEqual([]);
  });

  it("shows the server's size limit and refuses a larger PDF before sending anything", async () => {
    renderRoute();
    await screen.findByText('PDF, up to 10 MB');
    const big = new File([new Uint8Array(17 * 1024 * 1024)], 'portfolio.pdf', { type: 'application/pdf' });
    fireEvent.change(picker(), { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('“portfolio.pdf” is 17.00 MB: the limit is 10 MB. Please choose a smaller file.');
    expect(screen.queryByText('portfolio.pdf')).toBeNull();
    fireEvent.click(analyze());
    expect(sent).toEqual([]);
  });

  it('a PDF shows a preview card with its name, size in MB and a View Original PDF link', async () => {
    renderRoute();
    const pdf = new File(['%PDF-1.7\n', new Uint8Array(0.25 * 1024 * 1024 - 9)], 'jane-doe.pdf', { type: 'application/pdf' });
    fireEvent.change(picker(), { target: { files: [pdf] } });
    await screen.findByText('jane-doe.pdf'); // once its first bytes are read
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('0.25 MB')).toBeTruthy();
    const link = (await screen.findByRole('link', { name: /View Original PDF/ })) as HTMLAnchorElement;
    expect(link.href).toBe('blob:resume');
    expect(link.target).toBe('_blank');
    expect(screen.getByText(/Choose a different PDF/)).toBeTruthy();
  });
});
