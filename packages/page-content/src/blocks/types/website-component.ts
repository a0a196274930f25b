import { z } from 'zod';
import { defineBlock } from '../define-block';

/** Our name for platform.md §3's block type 1337: a placed copy of one of the site's components. */
export const WEBSITE_COMPONENT_TYPE = 'website-component';

/**
 * A website component placed on a page: it holds only which component; the component's own blocks
 * (components/website-component.ts) are rendered inside it, so editing the component once changes
 * every page that places it. The renderer fills `blocksHtml` (render-document.ts).
 */
export const websiteComponentBlock = defineBlock({
  type: WEBSITE_COMPONENT_TYPE,
  code: 1337,
  label: 'Website component',
  category: 'layout',
  description: 'One of your saved components: edit it once and every page that shows it changes.',
  settings: z.object({
    // '' or an id as the server makes them; never markup, since it sits in an attribute.
    componentId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{0,64}$/, 'Choose one of your components.')
      .default(''),
  }),
  fields: [],
  nested: (s, data) => {
    const component = s.componentId ? data.components?.get(s.componentId) : undefined;
    return component && { key: s.componentId, blocks: component.blocks };
  },
  summary: () => '',
  view: (s, data) => {
    const component = s.componentId ? data.components?.get(s.componentId) : undefined;
    return {
      componentId: s.componentId,
      blocksHtml: '',
      emptyText: component ? '' : 'Choose one of your components, or remove this block',
    };
  },
  template:
    '<div class="site-component" data-component-id="{componentId|htmlattr}">' +
    '{blocksHtml}{.section emptyText}<div class="block-empty">{@|htmltag}</div>{.end}</div>',
});
