/**
 * Content status of a page (platform.md §3 labels). The spec names the labels only; their meaning
 * is ours: a draft or one needing review is seen in the editor only, a private page by signed-in
 * site members only, a scheduled page by everyone from its publish time.
 */
export const CONTENT_STATUSES = ['published', 'draft', 'needs-review', 'private', 'scheduled'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  published: 'Published',
  draft: 'Draft',
  'needs-review': 'Needs Review',
  private: 'Private',
  scheduled: 'Scheduled',
};

export type Visibility = 'visible' | 'members-only' | 'hidden';

/** Who may see a page's published content right now. */
export function pageVisibility(status: ContentStatus, publishAt: Date | null, now: Date): Visibility {
  switch (status) {
    case 'published':
      return 'visible';
    case 'private':
      return 'members-only';
    case 'scheduled':
      return publishAt && publishAt.getTime() <= now.getTime() ? 'visible' : 'hidden';
    default:
      return 'hidden';
  }
}

/** Folder behaviour of platform.md §3 enumerations: what the folder's own URL does. */
export const FOLDER_BEHAVIORS = ['index', 'redirect', 'none'] as const;
export type FolderBehavior = (typeof FOLDER_BEHAVIORS)[number];
