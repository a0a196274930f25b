import { mayDo } from '@site/page-content';
import { RECORDING_SHARES, type RecordingSettings } from '@site/tracking';
import {
  AnalyticsDashboard,
  presetRange,
  recordingMessages,
  VisitorRecordingsPanel,
  type DateRange,
} from '@site/ui';
import { useState } from 'react';
import { useAnalytics } from '../api/analytics';
import { useEditorSite } from '../api/editor-site';
import { useMe } from '../api/session';
import {
  useSaveRecordingSettings,
  useVisitorRecording,
  useVisitorRecordings,
} from '../api/visitor-recordings';
import { errorMessage } from '../screen-kit/save-state';

const dayIn = (tz: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Visits, sales, the funnel and page speed of the site, over days counted in the site's time zone. */
export function AnalyticsScreen() {
  const site = useEditorSite();
  const tz = site.data?.website.timeZone;
  const today = dayIn(tz);
  const [range, setRange] = useState<DateRange>(() => presetRange('30', today));
  const report = useAnalytics(range, tz, { live: range.to >= today });
  const error = site.error ?? report.error;
  return (
    <div className="ed-screen">
      <AnalyticsDashboard
        range={range}
        today={today}
        onRangeChange={setRange}
        report={report.data}
        isLoading={site.isPending || report.isFetching}
        error={error ? errorMessage(error) : undefined}
      />
      <VisitorRecordings timeZone={tz} />
    </div>
  );
}

/** The recordings switch, the recorded visits and one visit's timeline: the owner's and admins'. */
function VisitorRecordings({ timeZone }: { timeZone: string | undefined }) {
  const me = useMe();
  const allowed = mayDo(me.data?.roles ?? [], 'change-settings');
  const list = useVisitorRecordings(allowed);
  const save = useSaveRecordingSettings();
  const [openId, setOpenId] = useState<string>();
  const timeline = useVisitorRecording(openId);
  const pages = list.data?.pages;
  // While a change is on its way, the switch shows what the owner asked for.
  const settings = save.isPending ? save.variables : pages?.[0]?.settings;
  return (
    <VisitorRecordingsPanel
      disabledReason={me.data && !allowed ? recordingMessages.notAllowed : undefined}
      settings={settings}
      shares={RECORDING_SHARES}
      onSettingsChange={(next) => save.mutate(next as RecordingSettings)}
      isSaving={save.isPending}
      saveError={save.error ? errorMessage(save.error) : undefined}
      recordings={pages?.flatMap((p) => p.recordings)}
      isLoading={list.isPending && !list.error}
      loadError={list.error ? errorMessage(list.error) : undefined}
      onRetry={() => void list.refetch()}
      hasMore={list.hasNextPage}
      isLoadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      openId={openId}
      onOpen={setOpenId}
      timeline={timeline.data}
      timelineLoading={timeline.isPending && openId !== undefined && !timeline.error}
      timelineError={timeline.error ? errorMessage(timeline.error) : undefined}
      timeZone={timeZone}
    />
  );
}
