import { THEME_API, type SiteThemeId, type ThemeState } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { editorSiteKeys } from './editor-site';
import { api } from './http';

export const themeKeys = { state: ['theme'] as const };

export function useThemeState() {
  return useQuery({ queryKey: themeKeys.state, queryFn: () => api<ThemeState>('GET', THEME_API.theme) });
}

/** After a change or an undo the preview kit (templates, stylesheets) is the new theme's. */
function useThemeMutation<T>(call: (input: T) => Promise<ThemeState>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (state) => {
      client.setQueryData(themeKeys.state, state);
      await client.invalidateQueries({ queryKey: editorSiteKeys.site });
    },
  });
}

export const useChangeTheme = () =>
  useThemeMutation((theme: SiteThemeId) => api<ThemeState>('PUT', THEME_API.theme, { body: { theme } }));

export const useUndoThemeChange = () => useThemeMutation(() => api<ThemeState>('POST', THEME_API.undo));
