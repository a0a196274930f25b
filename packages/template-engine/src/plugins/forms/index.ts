import type { TemplatePlugin } from '../types';

export const formsPlugin: TemplatePlugin = { formatters: {}, predicates: {} };
