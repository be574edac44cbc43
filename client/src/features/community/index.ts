// What other features use of the community: sharing one's own images with it (docs/product.md, §4 "Publishing").
export { PublicBadge, PublishButton } from './components/PublishButton';
export { usePublished, usePublishCreation, type PublishCreation } from './hooks/usePublishCreation';
