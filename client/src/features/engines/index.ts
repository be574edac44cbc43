// Which engines make images and text here (docs/engines.md), and how the pages say so.
export { useEngine, type Engine, type EngineKind, type ImageOption, type TextOption, type UseEngine } from './useEngines';
export { EngineNote, ToolEngineNote, engineDocsUrl } from './components/EngineNote';
export { PlaceholderBadge, TemplateBadge, PLACEHOLDER_IMAGE_TEXT } from './components/PlaceholderBadge';
