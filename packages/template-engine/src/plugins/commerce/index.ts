import type { TemplatePlugin } from '../types';

export const commercePlugin: TemplatePlugin = { formatters: {}, predicates: {} };
