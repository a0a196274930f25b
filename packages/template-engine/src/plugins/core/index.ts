import type { TemplatePlugin } from '../types';

export const corePlugin: TemplatePlugin = { formatters: {}, predicates: {} };
