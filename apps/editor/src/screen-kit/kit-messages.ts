import { editorMessages } from '@site/ui';

/** The screen kit's words (the editor kit's where they already exist). */
export const kitMessages = {
  loading: editorMessages.loading,
  save: editorMessages.save,
  saving: editorMessages.saving,
  tryAgain: 'Try again',
  conflict: 'Someone else saved these settings after you opened them.',
  reload: 'Reload their version',
} as const;
