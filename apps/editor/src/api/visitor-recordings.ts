import {
  VISITOR_RECORDINGS_API,
  type RecordingDetail,
  type RecordingList,
  type RecordingSettings,
} from '@site/tracking';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const recordingKeys = {
  all: ['visitor-recordings'] as const,
  list: ['visitor-recordings', 'list'] as const,
  one: (id: string | undefined) => ['visitor-recordings', 'one', id] as const,
};

/**
 * The recording settings and the recorded visits, newest first, a page at a time. Only the owner
 * and admins may read them (change-settings); `enabled` keeps others from asking.
 */
export function useVisitorRecordings(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: recordingKeys.list,
    queryFn: ({ pageParam }) =>
      api<RecordingList>('GET', VISITOR_RECORDINGS_API, pageParam ? { query: { offset: pageParam } } : {}),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((n, p) => n + p.recordings.length, 0) : undefined,
    enabled,
  });
}

/** One recorded visit's timeline; nothing is asked while none is open. */
export function useVisitorRecording(id: string | undefined) {
  return useQuery({
    queryKey: recordingKeys.one(id),
    queryFn: () => api<RecordingDetail>('GET', `${VISITOR_RECORDINGS_API}/${encodeURIComponent(id!)}`),
    enabled: id !== undefined,
  });
}

/** Turns recording on or off, or changes the share of visits recorded. */
export function useSaveRecordingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RecordingSettings) =>
      api<RecordingSettings>('PUT', `${VISITOR_RECORDINGS_API}/settings`, { body: settings }),
    onSettled: () => client.invalidateQueries({ queryKey: recordingKeys.list }),
  });
}
