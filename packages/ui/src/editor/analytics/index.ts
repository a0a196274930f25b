export { AnalyticsDashboard, type AnalyticsDashboardProps } from './AnalyticsDashboard';
export { DateRangePicker, presetRange, type DateRangePickerProps } from './DateRangePicker';
export { analyticsMessages } from './analytics-messages';
export type { AnalyticsReport, DateRange, RangePreset, VitalName, VitalRating, FunnelStep } from './types';
export {
  VisitorRecordingsPanel,
  type RecordingEventView,
  type RecordingRow,
  type RecordingSettingsView,
  type RecordingTimelineView,
  type VisitorRecordingsPanelProps,
} from './VisitorRecordingsPanel';
export { recordingMessages } from './recording-messages';
