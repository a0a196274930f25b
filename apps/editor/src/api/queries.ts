import {
  ACCESS_LOCKS_API,
  type AccessLocks,
  type UpdateAccessLock,
  EDITOR_API,
  FILES_API,
  type FileKind,
  type FileList,
  type FileProductView,
  type FileView,
  type UpdateFile,
  type CreatePage,
  type EditorMe,
  type EditorSite,
  type HeaderFooter,
  type PageDetail,
  type PageDocument,
  type PageSummary,
  type RevisionSummary,
  type SiteLayoutEntry,
  type UpdateNavigation,
  type UpdatePage,
  SITE_STYLES_API,
  TEMPLATES_API,
  type SaveTemplate,
  type TemplateSource,
  type TemplateSummary,
  type FontKit,
  type UpdateSiteStyles,
  type EditorPopupOverlay,
  type UpdatePopupOverlay,
  POPUP_OVERLAY_API,
  type VersionedSiteStyles,
} from '@site/page-content';
import type { AnalyticsReport, SaveState } from '@site/ui';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, ApiError, setXsrfToken } from './http';
import { spendHandoffFromUrl } from './site-admin';

/** Query keys in one place, so every screen invalidates the same things. */
export const keys = {
  me: ['me'] as const,
  pages: ['pages'] as const,
  page: (id: string) => ['pages', id] as const,
  revisions: (id: string) => ['pages', id, 'revisions'] as const,
  layout: ['site-layout'] as const,
  site: ['editor-site'] as const,
  headerFooter: ['header-footer'] as const,
  files: ['files'] as const,
  siteStyles: ['site-styles'] as const,
  popupOverlay: ['popup-overlay'] as const,
  fonts: ['fonts'] as const,
  accessLocks: ['access-locks'] as const,
  templates: ['templates'] as const,
  template: (name: string) => ['templates', name] as const,
};

/** Which pages (and whether the site) ask visitors for a password. */
export function useAccessLocks() {
  return useQuery({ queryKey: keys.accessLocks, queryFn: () => api<AccessLocks>('GET', ACCESS_LOCKS_API) });
}

/** Sets (or with password null removes) the site's or a page's password. */
export function useSetAccessLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccessLock) => api<AccessLocks>('PUT', ACCESS_LOCKS_API, { body: input }),
    onSuccess: (locks) => client.setQueryData(keys.accessLocks, locks),
  });
}

export function useMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: async () => {
      // A new site's first visit carries a sign-in token to spend before asking who is signed in.
      await spendHandoffFromUrl();
      try {
        const me = await api<EditorMe>('GET', EDITOR_API.me);
        setXsrfToken(me.xsrfToken);
        return me;
      } catch (error) {
        // Signed out is an answer, not an error: the sign-in screen shows.
        if (error instanceof ApiError && error.status === 401) {
          setXsrfToken(undefined);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; rememberMe: boolean }) =>
      api<{ xsrfToken: string }>('POST', EDITOR_API.session, { body: input }),
    onSuccess: async ({ xsrfToken }) => {
      setXsrfToken(xsrfToken);
      await client.invalidateQueries({ queryKey: keys.me });
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', EDITOR_API.session, { query: { cloneCart: true } }),
    onSettled: () => {
      setXsrfToken(undefined);
      client.setQueryData(keys.me, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}

export function usePages() {
  return useQuery({
    queryKey: keys.pages,
    queryFn: () => api<{ pages: PageSummary[] }>('GET', EDITOR_API.pages).then((r) => r.pages),
  });
}

export function usePage(id: string) {
  return useQuery({
    queryKey: keys.page(id),
    queryFn: () => api<PageDetail>('GET', EDITOR_API.page(id)),
    staleTime: Infinity,
    enabled: id !== '',
  });
}

export function useSiteLayout() {
  return useQuery({
    queryKey: keys.layout,
    queryFn: () => api<SiteLayoutEntry[]>('GET', EDITOR_API.siteLayout),
  });
}

export function useEditorSite() {
  return useQuery({
    queryKey: keys.site,
    queryFn: () => api<EditorSite>('GET', EDITOR_API.site),
    staleTime: 5 * 60_000,
  });
}

export function useRevisions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.revisions(id),
    queryFn: () =>
      api<{ revisions: RevisionSummary[] }>('GET', EDITOR_API.revisions(id)).then((r) => r.revisions),
    enabled,
  });
}

/** After a change to the page set, the tree and the layout are read again. */
function refreshStructure(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: keys.pages, exact: true }),
    client.invalidateQueries({ queryKey: keys.layout }),
  ]);
}

function storePage(client: QueryClient, page: PageDetail) {
  client.setQueryData(keys.page(page.id), page);
}

export function useCreatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePage) => api<PageDetail>('POST', EDITOR_API.pages, { body: input }),
    onSuccess: async (page) => {
      storePage(client, page);
      await refreshStructure(client);
    },
  });
}

export function useUpdatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdatePage & { id: string }) =>
      api<PageDetail>('PATCH', EDITOR_API.page(id), { body: input }),
    onSuccess: async (page) => {
      storePage(client, page);
      await refreshStructure(client);
    },
  });
}

export function useDuplicatePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<PageDetail>('POST', EDITOR_API.duplicate(id)),
    onSuccess: async (page) => {
      storePage(client, page);
      await refreshStructure(client);
    },
  });
}

export function useDeletePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<void>('DELETE', EDITOR_API.page(id), { query: { version } }),
    onSuccess: async (_r, { id }) => {
      client.removeQueries({ queryKey: keys.page(id) });
      await refreshStructure(client);
    },
  });
}

export function saveDraft(id: string, version: number, document: PageDocument) {
  return api<{ version: number; savedAt: string }>('PUT', EDITOR_API.draft(id), {
    body: { version, document },
  });
}

export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      api<PageDetail>('POST', EDITOR_API.publish(id), { body: { version } }),
    onSuccess: async (page) => {
      storePage(client, page);
      await Promise.all([
        refreshStructure(client),
        client.invalidateQueries({ queryKey: keys.revisions(page.id) }),
      ]);
    },
  });
}

export function useRestoreRevision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revisionId, version }: { id: string; revisionId: string; version: number }) =>
      api<PageDetail>('POST', EDITOR_API.restore(id, revisionId), { body: { version } }),
    onSuccess: async (page) => {
      storePage(client, page);
      await client.invalidateQueries({ queryKey: keys.revisions(page.id) });
    },
  });
}

export function useUpdateNavigation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNavigation) =>
      api<SiteLayoutEntry[]>('POST', EDITOR_API.updateNavigation, { body: input }),
    onMutate: async () => {
      await client.cancelQueries({ queryKey: keys.layout });
    },
    onSuccess: (layout) => client.setQueryData(keys.layout, layout),
    // A refused order is put back as the server has it.
    onError: () => client.invalidateQueries({ queryKey: keys.layout }),
  });
}

export function useHeaderFooter() {
  return useQuery({
    queryKey: keys.headerFooter,
    queryFn: () => api<HeaderFooter & { version: number }>('GET', EDITOR_API.headerFooter),
  });
}

export function useSaveHeaderFooter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HeaderFooter & { version: number }) =>
      api<HeaderFooter & { version: number }>('PUT', EDITOR_API.headerFooter, { body: input }),
    onSuccess: async (saved) => {
      client.setQueryData(keys.headerFooter, saved);
      await client.invalidateQueries({ queryKey: keys.site });
    },
  });
}

export function useSiteStyles() {
  return useQuery({
    queryKey: keys.siteStyles,
    queryFn: () => api<VersionedSiteStyles>('GET', SITE_STYLES_API.styles),
  });
}

/** The font kit rarely changes within a session; a failed load is retried from the picker. */
export function useFontKit() {
  return useQuery({
    queryKey: keys.fonts,
    queryFn: () => api<FontKit>('GET', SITE_STYLES_API.fonts),
    staleTime: Infinity,
    retry: false,
  });
}

export function useSaveSiteStyles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSiteStyles) => api<VersionedSiteStyles>('PUT', SITE_STYLES_API.styles, { body: input }),
    onSuccess: async (saved) => {
      client.setQueryData(keys.siteStyles, saved);
      // The page editor's preview reads the styles from the preview kit.
      await client.invalidateQueries({ queryKey: keys.site });
    },
  });
}

export function usePopupOverlay() {
  return useQuery({
    queryKey: keys.popupOverlay,
    queryFn: () => api<EditorPopupOverlay>('GET', POPUP_OVERLAY_API),
  });
}

export function useSavePopupOverlay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePopupOverlay) => api<EditorPopupOverlay>('PUT', POPUP_OVERLAY_API, { body: input }),
    onSuccess: (saved) => client.setQueryData(keys.popupOverlay, saved),
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: keys.templates,
    queryFn: () => api<{ templates: TemplateSummary[] }>('GET', TEMPLATES_API.list).then((r) => r.templates),
  });
}

export function useTemplate(name: string) {
  return useQuery({
    queryKey: keys.template(name),
    queryFn: () => api<TemplateSource>('GET', TEMPLATES_API.one(name)),
    enabled: name !== '',
    staleTime: Infinity,
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...body }: SaveTemplate & { name: string }) => api<TemplateSource>('PUT', TEMPLATES_API.one(name), { body }),
    onSuccess: async (saved) => {
      client.setQueryData(keys.template(saved.name), saved);
      await Promise.all([client.invalidateQueries({ queryKey: keys.templates, exact: true }), client.invalidateQueries({ queryKey: keys.site })]);
    },
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a screen saved by one mutation shows beside its Save button. */
export function saveStateOf(save: { isPending: boolean; error: unknown }, dirty: boolean): SaveState {
  if (save.isPending) return { kind: 'saving' };
  if (save.error) return { kind: 'failed', message: errorMessage(save.error) };
  return dirty ? { kind: 'dirty' } : { kind: 'saved' };
}

/** One page of files per fetch; Load More appends the next. Refreshes while any image is processing. */
export function useFiles(pageSize: number, kind: FileKind = 'all') {
  return useInfiniteQuery({
    queryKey: [...keys.files, kind, pageSize],
    queryFn: ({ pageParam }) =>
      api<FileList>('GET', FILES_API.files, { query: { limit: pageSize, offset: pageParam, kind } }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((f) => f.status === 'processing')) ? 2000 : false,
  });
}

/** The digital products delivering a file, for its detail panel (none asked while no file is chosen). */
export function useFileProducts(id: string | undefined) {
  return useQuery({
    queryKey: [...keys.files, 'products', id] as const,
    queryFn: () => api<{ products: FileProductView[] }>('GET', FILES_API.products(id!)).then((r) => r.products),
    enabled: id !== undefined,
  });
}

export function useUpdateFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: UpdateFile & { id: string }) =>
      api<FileView>('PATCH', FILES_API.file(id), { body: change }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.files }),
  });
}

export function useDeleteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', FILES_API.file(id)),
    onSettled: () => client.invalidateQueries({ queryKey: keys.files }),
  });
}

/** The analytics of [from, to] in the site's zone; the last range stays on screen while the next loads. */
/** `live`: the range includes today, whose figures the server recomputes every minute. */
export function useAnalytics(range: { from: string; to: string }, tz: string | undefined, { live }: { live: boolean }) {
  return useQuery({
    queryKey: ['analytics', tz, range.from, range.to] as const,
    queryFn: () => api<AnalyticsReport>('GET', '/api/editor/analytics', { query: { from: range.from, to: range.to, tz: tz! } }),
    enabled: tz !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: live ? 60_000 : false,
  });
}
