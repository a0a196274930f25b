export { ReviewsPanel, reviewsPanelMessages, type ReviewsPanelProps } from './ReviewsPanel';
