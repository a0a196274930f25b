import type { PageDocument } from '@site/page-content';

/**
 * The document being edited with its undo and redo stacks. "Unsaved" is never kept as a flag:
 * it is the present document compared with the last one the server acknowledged.
 */
export interface History {
  past: PageDocument[];
  present: PageDocument;
  future: PageDocument[];
  /** Consecutive edits with the same key (typing in one field) form one undo step. */
  lastKey?: string;
}

export type HistoryAction =
  | { type: 'edit'; doc: PageDocument; key?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The owner finished with a field (left editing in the preview): the next edit is a new step. */
  | { type: 'seal' }
  | { type: 'reset'; doc: PageDocument };

const MAX_STEPS = 200;

export function initialHistory(doc: PageDocument): History {
  return { past: [], present: doc, future: [] };
}

export function historyReducer(state: History, action: HistoryAction): History {
  switch (action.type) {
    case 'edit': {
      if (action.doc === state.present) return state;
      if (action.key && action.key === state.lastKey) return { ...state, present: action.doc, future: [] };
      return {
        past: [...state.past, state.present].slice(-MAX_STEPS),
        present: action.doc,
        future: [],
        lastKey: action.key,
      };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest };
    }
    case 'seal':
      return state.lastKey === undefined ? state : { ...state, lastKey: undefined };
    case 'reset':
      return initialHistory(action.doc);
  }
}
