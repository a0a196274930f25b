export {
  ActivityPanel,
  activityPanelMessages,
  type ActivityFilters,
  type ActivityPanelProps,
} from './ActivityPanel';
