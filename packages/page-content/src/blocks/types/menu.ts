import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { text } from '../../text';
import { defineBlock } from '../define-block';

/** A restaurant menu's limits: a long menu fits, a pasted spreadsheet does not. */
export const MENU_LIMITS = {
  sections: 20,
  itemsPerSection: 50,
  price: 40,
  name: 200,
  description: 1000,
} as const;

/** Dietary marks a dish can carry, with the letters the menu shows and a legend explains. */
export const DIETARY_TAGS = [
  { value: 'vegetarian', label: 'Vegetarian', mark: 'V' },
  { value: 'vegan', label: 'Vegan', mark: 'VG' },
  { value: 'gluten-free', label: 'Gluten-free', mark: 'GF' },
  { value: 'dairy-free', label: 'Dairy-free', mark: 'DF' },
  { value: 'nut-free', label: 'Nut-free', mark: 'NF' },
  { value: 'spicy', label: 'Spicy', mark: 'S' },
] as const;
type DietaryTag = (typeof DIETARY_TAGS)[number]['value'];
const dietaryValues = DIETARY_TAGS.map((t) => t.value) as [DietaryTag, ...DietaryTag[]];

const dish = z.object({
  name: text(MENU_LIMITS.name).default(''),
  description: text(MENU_LIMITS.description).default(''),
  // Kept as typed: "12", "€12.50", "market price" are all prices a menu prints.
  price: text(MENU_LIMITS.price, messages.blocks.menuPriceTooLong(MENU_LIMITS.price)).default(''),
  dietary: z.array(z.enum(dietaryValues)).max(DIETARY_TAGS.length).default([]),
});

const section = z.object({
  title: text(MENU_LIMITS.name).default(''),
  description: text(MENU_LIMITS.description).default(''),
  items: z
    .array(dish)
    .max(MENU_LIMITS.itemsPerSection, messages.blocks.menuTooManyItems(MENU_LIMITS.itemsPerSection))
    .default([]),
});

export const menuBlock = defineBlock({
  type: 'menu',
  code: 18,
  label: 'Menu',
  category: 'more',
  description: 'A restaurant menu: sections of dishes with prices and dietary marks.',
  settings: z.object({
    title: text(LIMITS.maxShortText).default('Menu'),
    sections: z
      .array(section)
      .max(MENU_LIMITS.sections, messages.blocks.menuTooManySections(MENU_LIMITS.sections))
      .default([
        {
          title: 'Starters',
          description: '',
          items: [
            {
              name: 'Grilled flatbread',
              description: 'Whipped feta, honey, thyme',
              price: '9',
              dietary: ['vegetarian'],
            },
            {
              name: 'Charred leeks',
              description: 'Romesco, toasted hazelnuts',
              price: '11',
              dietary: ['vegan', 'gluten-free'],
            },
          ],
        },
        {
          title: 'Mains',
          description: 'Served with bread from our oven.',
          items: [
            {
              name: 'Fish of the day',
              description: 'Cooked over fire, lemon butter',
              price: 'Market price',
              dietary: ['gluten-free'],
            },
          ],
        },
      ]),
  }),
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
    {
      key: 'sections',
      label: 'Sections',
      kind: 'list',
      itemLabel: 'Section',
      maxItems: MENU_LIMITS.sections,
      fields: [
        { key: 'title', label: 'Section title', kind: 'text', maxLength: MENU_LIMITS.name },
        { key: 'description', label: 'Note', kind: 'text', maxLength: MENU_LIMITS.description },
        {
          key: 'items',
          label: 'Dishes',
          kind: 'list',
          itemLabel: 'Dish',
          maxItems: MENU_LIMITS.itemsPerSection,
          fields: [
            { key: 'name', label: 'Name', kind: 'text', maxLength: MENU_LIMITS.name },
            {
              key: 'description',
              label: 'Description',
              kind: 'textarea',
              maxLength: MENU_LIMITS.description,
              rows: 2,
            },
            {
              key: 'price',
              label: 'Price',
              kind: 'text',
              maxLength: MENU_LIMITS.price,
              placeholder: '12.50',
              hint: 'As guests should read it: 12, €12.50, market price.',
            },
            {
              key: 'dietary',
              label: 'Dietary',
              kind: 'checkboxes',
              options: DIETARY_TAGS.map((t) => ({ value: t.value, label: t.label })),
            },
          ],
        },
      ],
    },
  ],
  summary: (s) => {
    const dishes = s.sections.reduce((n, sec) => n + sec.items.length, 0);
    const names = s.sections.map((sec) => sec.title.trim()).filter(Boolean);
    return `${dishes} ${dishes === 1 ? 'dish' : 'dishes'}${names.length ? ` · ${names.join(', ')}` : ''}`;
  },
  view: (s) => {
    const used = new Set<string>();
    // The editor's preview renders settings no schema has parsed: a new dish may lack its fields.
    const sections = (s.sections as Partial<z.infer<typeof section>>[]).map((sec) => ({
      heading: sec.title ?? '',
      note: sec.description ?? '',
      dishes: (sec.items ?? ([] as Partial<z.infer<typeof dish>>[])).map((item) => ({
        name: item.name ?? '',
        about: item.description ?? '',
        price: item.price ?? '',
        marks: DIETARY_TAGS.filter((t) => (item.dietary ?? []).includes(t.value)).map((t) => {
          used.add(t.value);
          return { mark: t.mark, label: t.label };
        }),
      })),
    }));
    return {
      title: s.title,
      sections,
      empty: sections.every((sec) => sec.dishes.length === 0),
      // Only the marks this menu uses are explained under it.
      legend: DIETARY_TAGS.filter((t) => used.has(t.value)).map((t) => ({ mark: t.mark, label: t.label })),
      emptyText: messages.blocks.menuEmpty,
    };
  },
  template:
    '<div class="menu-block">{.section title}<h2 class="menu-block__title">{@|htmltag}</h2>{.end}' +
    '{.if empty}<div class="block-empty">{emptyText}</div>{.or}' +
    '{.repeated section sections}<section class="menu-section">{.section heading}<h3 class="menu-section__title">{@|htmltag}</h3>{.end}{.section note}<p class="menu-section__note">{@|htmltag}</p>{.end}' +
    '<ul class="menu-items">{.repeated section dishes}<li class="menu-item"><p class="menu-item__line"><span class="menu-item__dish"><span class="menu-item__name">{name|htmltag}</span>' +
    '{.section marks} <span class="menu-item__marks">{.repeated section @}<abbr class="menu-mark" title="{label|htmlattr}"><span aria-hidden="true">{mark}</span><span class="visually-hidden">{label}</span></abbr>{.end}</span>{.end}</span>' +
    '<span class="menu-item__leader" aria-hidden="true"></span>{.section price}<span class="menu-item__price">{@|htmltag}</span>{.end}</p>' +
    '{.section about}<p class="menu-item__description">{@|htmltag}</p>{.end}</li>{.end}</ul></section>{.end}' +
    '{.section legend}<p class="menu-block__legend">{.repeated section @}<span><span aria-hidden="true">{mark}</span> {label}</span>{.end}</p>{.end}' +
    '{.end}</div>',
});
