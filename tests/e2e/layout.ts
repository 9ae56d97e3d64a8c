/**
 * Layout assertions for the browser tests: no sideways scroll, no text spilling out of its
 * box, and names or taglines that keep a readable width. Each failure names the elements
 * at fault (tag, class and the start of their text) and their measures.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './support';

/** Fails when the page scrolls sideways or a visible element reaches past the viewport's edges. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const label = (element: Element, rect: DOMRect) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`;
    /** Inside a box that scrolls or clips sideways (a scrolling tab row, a cropped banner): its own business. */
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= viewport + 1 && rect.left >= -1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (clipped(element)) continue;
      outside.push(label(element, rect));
    }
    return { viewport, scrollWidth: document.documentElement.scrollWidth, outside: outside.slice(0, 10) };
  });
  expect(found.outside, `elements wider than the ${found.viewport} px viewport`).toEqual([]);
  expect(found.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(found.viewport);
}

/**
 * Fails when text is wider than its box inside `scope`: an element holding text whose content
 * is wider than the element (scrollWidth beyond clientWidth) because of that text, so it is
 * cut off or spills over its neighbours. The text's own line boxes are compared with the
 * element's box, so a decoration that pokes out (a rotated chevron) does not count. A
 * deliberate one-line cut with an ellipsis is left alone.
 */
export async function expectTextFits(scope: Locator): Promise<void> {
  const spilling = await scope.evaluateAll((roots) => {
    const found: string[] = [];
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (!(element instanceof HTMLElement)) continue;
        const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
        if (texts.length === 0) continue;
        const style = getComputedStyle(element);
        // Inline boxes are as wide as their text; visually hidden labels are one pixel wide on purpose.
        if (style.display === 'inline' || style.display === 'contents' || style.textOverflow === 'ellipsis' || element.clientWidth <= 1) continue;
        if (element.scrollWidth <= element.clientWidth + 1) continue;
        const box = element.getBoundingClientRect();
        const left = box.left + element.clientLeft;
        const right = left + element.clientWidth;
        let widest = 0;
        for (const text of texts) {
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const rect of range.getClientRects()) widest = Math.max(widest, rect.right - right, left - rect.left);
        }
        if (widest > 1) {
          found.push(
            `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 40)}": text ${Math.round(widest)} px past its ${element.clientWidth} px box`,
          );
        }
      }
    }
    return found.slice(0, 10);
  });
  expect(spilling, 'text wider than its box').toEqual([]);
}

/**
 * Fails when a name or tagline is squeezed: each element `locator` matches must be at least
 * `minWidth` px wide and take at most `maxLines` lines (counted from its text's line boxes,
 * whatever its line-height).
 */
export async function expectRoomy(locator: Locator, { minWidth, maxLines }: { minWidth: number; maxLines: number }): Promise<void> {
  await expect(locator.first()).toBeVisible();
  const measures = await locator.evaluateAll((elements) =>
    elements.map((element) => {
      // The line boxes of the text nodes: tops more than a few pixels apart start a new line.
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
      }
      tops.sort((a, b) => a - b);
      const lines = tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 4).length;
      return { text: (element.textContent ?? '').trim().slice(0, 40), width: Math.round(element.getBoundingClientRect().width), lines };
    }),
  );
  for (const measure of measures) {
    expect(measure.width, `"${measure.text}" is at least ${minWidth} px wide`).toBeGreaterThanOrEqual(minWidth);
    expect(measure.lines, `"${measure.text}" takes at most ${maxLines} line(s)`).toBeLessThanOrEqual(maxLines);
  }
}

/**
 * Fails when an element `locator` matches is not shown whole: squeezed narrower than its own
 * content (a name cut to a pixel, a label ending in "…"), or reaching past the edge of a box
 * that clips or scrolls it (a tab scrolled out of its row).
 */
export async function expectShownWhole(locator: Locator): Promise<void> {
  await expect(locator.first()).toBeVisible();
  const cut = await locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const name = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
      const box = element.getBoundingClientRect();
      const found: string[] = [];
      if (element.scrollWidth > element.clientWidth + 1 || box.width <= 1) found.push(`${name} is ${Math.round(box.width)} px wide for ${element.scrollWidth} px of content`);
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (!['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) continue;
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - 1 || box.right > frame.right + 1) {
          found.push(
            `${name} spans ${Math.round(box.left)}–${Math.round(box.right)} px, past its ${parent.tagName.toLowerCase()}.${parent.className} at ${Math.round(frame.left)}–${Math.round(frame.right)} px`,
          );
        }
      }
      return found;
    }),
  );
  expect(cut, 'elements not shown whole').toEqual([]);
}

/** The checks every main screen passes at every width: no sideways scroll, no text spilling out. */
export async function expectCleanLayout(page: Page): Promise<void> {
  await expectNoHorizontalOverflow(page);
  await expectTextFits(page.locator('body'));
}

/** Fails when an element `locator` matches scrolls sideways inside itself (its content is wider than its box), naming what reaches past it. */
export async function expectNoSidewaysScroll(locator: Locator): Promise<void> {
  await expect(locator.first()).toBeVisible();
  const wide = await locator.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => {
        const edge = element.getBoundingClientRect().left + element.clientLeft + element.clientWidth;
        const past = [...element.querySelectorAll('*')]
          .filter((inner) => inner.getBoundingClientRect().right > edge + 1)
          .slice(-3)
          .map((inner) => `${inner.tagName.toLowerCase()}.${inner.className} "${(inner.textContent ?? '').trim().slice(0, 30)}"`);
        return `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} px of content in a ${element.clientWidth} px box (past it: ${past.join(', ')})`;
      }),
  );
  expect(wide, `boxes that scroll sideways at ${locator.page().url()}`).toEqual([]);
}

/** Fails when two of the visible boxes `locator` matches sit side by side (share a band of height) instead of one under another. */
export async function expectStacked(locator: Locator): Promise<void> {
  await expect(locator.first()).toBeVisible();
  const boxes = await locator.evaluateAll((elements) =>
    elements
      .map((element) => ({ text: (element.textContent ?? '').trim().slice(0, 30), rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ text, rect }) => ({ text, top: rect.top, bottom: rect.bottom, left: Math.round(rect.left), right: Math.round(rect.right) })),
  );
  const besides: string[] = [];
  for (const [index, box] of boxes.entries()) {
    for (const other of boxes.slice(index + 1)) {
      if (Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top) > 1)
        besides.push(`"${box.text}" (${box.left}–${box.right} px) beside "${other.text}" (${other.left}–${other.right} px)`);
    }
  }
  expect(besides.slice(0, 5), 'boxes side by side').toEqual([]);
}

/** Fails when `cover` (a sticky bar, a toast) overlaps any visible box `items` matches. */
export async function expectUncovered(cover: Locator, items: Locator): Promise<void> {
  const bar = await cover.boundingBox();
  if (!bar) return;
  const covered = await items.evaluateAll(
    (elements, over) =>
      elements
        .map((element) => ({ text: (element.textContent ?? '').trim().slice(0, 30), rect: element.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && rect.height > 0)
        .filter(
          ({ rect }) => Math.min(rect.right, over.x + over.width) - Math.max(rect.left, over.x) > 1 && Math.min(rect.bottom, over.y + over.height) - Math.max(rect.top, over.y) > 1,
        )
        .map(
          ({ text, rect }) => `"${text}" at ${Math.round(rect.top)}–${Math.round(rect.bottom)} px under the bar at ${Math.round(over.y)}–${Math.round(over.y + over.height)} px`,
        ),
    bar,
  );
  expect(covered, 'boxes under the bar').toEqual([]);
}

/**
 * The site header is one row: the brand, every nav item and the tools share one middle line.
 * Measured at its widest, both count badges showing three characters as live updates set them.
 */
export async function expectHeaderOneRow(page: Page): Promise<void> {
  const header = page.locator('[data-site-header]');
  await header.evaluate((element) => {
    for (const badge of element.querySelectorAll<HTMLElement>('.count-badge')) {
      badge.hidden = false;
      badge.querySelector('[data-badge-figure]')!.textContent = '99+';
    }
  });
  const row = await header.evaluate((element) => {
    const middle = (node: Element) => Math.round(node.getBoundingClientRect().top + node.getBoundingClientRect().height / 2);
    return {
      height: element.getBoundingClientRect().height,
      brand: middle(element.querySelector('.brand')!),
      tools: middle(element.querySelector('.header-tools')!),
      items: [...element.querySelectorAll('.site-nav li')].map(middle),
    };
  });
  expect(row.items.length).toBeGreaterThanOrEqual(10);
  for (const item of row.items) expect(Math.abs(item - row.brand), `nav items ${row.items} beside the brand at ${row.brand}`).toBeLessThanOrEqual(2);
  expect(Math.abs(row.tools - row.brand), `tools at ${row.tools} beside the brand at ${row.brand}`).toBeLessThanOrEqual(2);
  expect(row.height).toBeLessThan(70);
}
