import type { TemplatePlugin } from '../types';
import { summaryFormField } from './summary-form-field';

/** Formatters that render answers given on the site's forms. */
export const formsPlugin: TemplatePlugin = {
  formatters: { 'summary-form-field': summaryFormField },
};
