import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../editor.css';
import './analytics.css';
import { recordingMessages } from './recording-messages';
import { VisitorRecordingsPanel, type RecordingRow } from './VisitorRecordingsPanel';

const start = Date.UTC(2026, 10, 29, 14, 2, 0);
const rows: RecordingRow[] = [
  {
    id: 'rec-0000-0001',
    startedAt: new Date(start).toISOString(),
    lastEventAt: new Date(start + 95_000).toISOString(),
    country: 'US',
    landingPath: '/shop/p/hand-stitched-waxed-canvas-weekender-with-a-very-long-address',
    pages: 3,
    events: 7,
  },
  {
    id: 'rec-0000-0002',
    startedAt: new Date(start - 3_600_000).toISOString(),
    lastEventAt: new Date(start - 3_590_000).toISOString(),
    country: 'JP',
    landingPath: '/',
    pages: 1,
    events: 1,
  },
];

const meta = {
  title: 'Editor/Analytics/Visitor recordings',
  component: VisitorRecordingsPanel,
  args: {
    settings: { enabled: true, share: 60 },
    shares: [20, 40, 60, 80, 100],
    onSettingsChange: fn(),
    onOpen: fn(),
    onRetry: fn(),
    onLoadMore: fn(),
    recordings: rows,
    hasMore: true,
    locale: 'en-US',
    timeZone: 'UTC',
  },
} satisfies Meta<typeof VisitorRecordingsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const TimelineOpen: Story = {
  args: {
    openId: 'rec-0000-0001',
    timeline: {
      ...rows[0]!,
      timeline: [
        { kind: 'page', t: start, path: '/shop' },
        { kind: 'scroll', t: start + 4_000, depth: 60 },
        { kind: 'click', t: start + 9_000, target: 'a.product-card', text: 'Canvas weekender' },
        { kind: 'page', t: start + 9_500, path: '/shop/p/canvas-weekender' },
        {
          kind: 'field',
          t: start + 30_000,
          action: 'focus',
          target: '#email',
          label: 'Email',
          fieldType: 'email',
        },
        {
          kind: 'field',
          t: start + 41_000,
          action: 'change',
          target: '#email',
          label: 'Email',
          fieldType: 'email',
        },
        {
          kind: 'field',
          t: start + 95_000,
          action: 'change',
          target: '#password',
          label: 'Password',
          fieldType: 'password',
          value: '__MASKED_FIELD__',
        },
      ],
    },
  },
};
export const TimelineLoading: Story = { args: { openId: 'rec-0000-0001', timelineLoading: true } };
export const Empty: Story = {
  args: { recordings: [], hasMore: false, settings: { enabled: false, share: 100 } },
};
export const Loading: Story = { args: { settings: undefined, recordings: undefined, isLoading: true } };
export const Failed: Story = {
  args: { settings: undefined, recordings: undefined, loadError: 'Unable to load. Try again.' },
};
export const Saving: Story = { args: { isSaving: true } };
export const SaveFailed: Story = { args: { saveError: 'Your changes could not be saved. Try again.' } };
export const NotAllowed: Story = { args: { disabledReason: recordingMessages.notAllowed } };
