import { describe, expect, it } from 'vitest';
import { blockSchema, createBlock } from '../../document/page-document';
import { messages } from '../../messages';
import { renderBlock } from '../../render/render-document';
import { menuBlock, MENU_LIMITS } from './menu';

const menu = (settings: Record<string, unknown>) => ({ id: 'm', type: 'menu', settings });
const dish = (name: string, extra: Record<string, unknown> = {}) => ({ name, ...extra });

describe('menu block (restaurant menu)', () => {
  it('shows sections, dishes, prices as typed and only the dietary marks it uses', () => {
    const block = blockSchema.parse(
      menu({
        title: 'Dinner',
        sections: [
          {
            title: 'Mains',
            items: [
              dish('Risotto', { price: '€14.50', dietary: ['vegetarian', 'gluten-free'] }),
              dish('Catch of the day', { price: 'market price', description: 'Ask your server' }),
            ],
          },
        ],
      }),
    );
    const html = renderBlock(block).html;
    expect(html).toContain('<h2 class="menu-block__title">Dinner</h2>');
    expect(html).toContain('<h3 class="menu-section__title">Mains</h3>');
    expect(html).toContain('<span class="menu-item__price">€14.50</span>');
    expect(html).toContain('<span class="menu-item__price">market price</span>');
    expect(html).toContain('<p class="menu-item__description">Ask your server</p>');
    expect(html).toContain('<span class="visually-hidden">Gluten-free</span>');
    // The legend explains V and GF, not the marks no dish carries.
    expect(html).toMatch(/menu-block__legend.*V<\/span> Vegetarian.*GF<\/span> Gluten-free/);
    expect(html).not.toContain('Vegan');
  });

  it('says what to add when no section has a dish', () => {
    expect(renderBlock(menu({ sections: [{ title: 'Mains', items: [] }] })).html).toContain(
      messages.blocks.menuEmpty,
    );
  });

  it('escapes what the owner types', () => {
    const html = renderBlock(menu({ sections: [{ items: [dish('<img src=x onerror=alert(1)>')] }] })).html;
    expect(html).not.toContain('<img src=x');
  });

  it.each([
    [
      'too many sections',
      { sections: Array.from({ length: MENU_LIMITS.sections + 1 }, () => ({})) },
      messages.blocks.menuTooManySections(MENU_LIMITS.sections),
    ],
    [
      'too many dishes in a section',
      { sections: [{ items: Array.from({ length: MENU_LIMITS.itemsPerSection + 1 }, () => ({})) }] },
      messages.blocks.menuTooManyItems(MENU_LIMITS.itemsPerSection),
    ],
    [
      'a price too long',
      { sections: [{ items: [dish('Soup', { price: '1'.repeat(MENU_LIMITS.price + 1) })] }] },
      messages.blocks.menuPriceTooLong(MENU_LIMITS.price),
    ],
  ])('refuses %s with the catalogue’s message', (_name, settings, message) => {
    const result = blockSchema.safeParse(menu(settings));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses a dietary mark it does not know', () => {
    expect(
      blockSchema.safeParse(menu({ sections: [{ items: [dish('Soup', { dietary: ['keto'] })] }] })).success,
    ).toBe(false);
  });

  it('sums up its dishes and sections for the block list', () => {
    expect(menuBlock.summary!(menuBlock.settings.parse({}))).toBe('3 dishes · Starters, Mains');
    expect(createBlock('menu').settings).toMatchObject({ title: 'Menu' });
  });
});
