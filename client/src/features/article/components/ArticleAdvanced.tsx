import { useId } from 'react';
import { AdvancedOptions } from '../../../components/AdvancedOptions';
import { ChoiceChips } from '../../../components/ChoiceChips';
import type { ArticleTone } from '../../../gql/graphql';

export const ARTICLE_TONES: readonly { value: ArticleTone; label: string }[] = [
  { value: 'NEUTRAL', label: 'Neutral' },
  { value: 'FRIENDLY', label: 'Friendly' },
  { value: 'PROFESSIONAL', label: 'Professional' },
  { value: 'PERSUASIVE', label: 'Persuasive' },
  { value: 'PLAYFUL', label: 'Playful' },
];

/** Offered in the language field's list; any other name can be typed. */
export const COMMON_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Dutch',
  'Polish',
  'Turkish',
  'Russian',
  'Arabic',
  'Hindi',
  'Japanese',
  'Korean',
  'Chinese',
];
export const LANGUAGE_MAX = 40;

export interface ArticleAdvancedValues {
  tone: ArticleTone;
  /** Empty: English. */
  language: string;
}

export const DEFAULT_ARTICLE_ADVANCED: ArticleAdvancedValues = { tone: 'NEUTRAL', language: '' };

/** The mutation's advanced fields: only those the text engine honours, and a language only when one was typed. */
export function articleAdvancedInput(values: ArticleAdvancedValues, has: (option: string) => boolean): { tone?: ArticleTone; language?: string } {
  const language = values.language.trim();
  return { ...(has('TONE') ? { tone: values.tone } : {}), ...(has('LANGUAGE') && language ? { language } : {}) };
}

interface Props {
  values: ArticleAdvancedValues;
  onChange: (values: ArticleAdvancedValues) => void;
  has: (option: string) => boolean;
  disabled: boolean;
}

/** The article form's "Advanced" disclosure: tone and language, where the text engine honours them (the template writer honours neither: none is shown). */
export function ArticleAdvanced({ values, onChange, has, disabled }: Props) {
  const languageId = useId();
  const listId = useId();
  if (!has('TONE') && !has('LANGUAGE')) return null;
  return (
    <AdvancedOptions>
      {has('TONE') && (
        <ChoiceChips<ArticleTone>
          legend="Tone"
          name="article-tone"
          options={ARTICLE_TONES}
          value={values.tone}
          onChange={(tone) => onChange({ ...values, tone })}
          disabled={disabled}
        />
      )}
      {has('LANGUAGE') && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={languageId} className="text-sm font-medium text-slate-700">
            Language
          </label>
          <input
            id={languageId}
            list={listId}
            value={values.language}
            onChange={(e) => onChange({ ...values, language: e.target.value })}
            placeholder="English"
            maxLength={LANGUAGE_MAX}
            disabled={disabled}
            autoComplete="off"
            aria-describedby={`${languageId}-hint`}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 disabled:opacity-60"
          />
          <datalist id={listId}>
            {COMMON_LANGUAGES.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
          <p id={`${languageId}-hint`} className="text-xs text-slate-500">
            Empty writes in English.
          </p>
        </div>
      )}
    </AdvancedOptions>
  );
}
