import { expect, test, type Page } from '@playwright/test';
import {
  focusEditor,
  getLoadedApp,
  replaceEditorText,
  restingShot,
  waitForOutput,
} from './helpers';

/**
 * The colours of a screenshot's outermost columns and rows, as `r,g,b`, each with how many
 * pixels have it. Decoded by the page's own image decoder.
 */
const edgeColours = (page: Page, png: Buffer) =>
  page.evaluate(async (base64) => {
    const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts: Record<string, number> = {};
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        if (x > 0 && x < width - 1 && y > 0 && y < height - 1) continue;
        const i = (y * width + x) * 4;
        const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    return counts;
  }, png.toString('base64'));

const RED_PAGE = `document.documentElement.style.background = 'rgb(255, 0, 0)';
console.log('the page is red');
`;

test('a program’s page shows in its own colour to the preview’s edges, after a resize too', async ({
  page,
}) => {
  // Panes sized in percentages put the preview's edges between pixels at this size (its left
  // edge at x 798.16): the browser then blended the app's pane border into the first column.
  await page.setViewportSize({ width: 1280, height: 720 });
  await getLoadedApp(page);
  await replaceEditorText(page, RED_PAGE);
  await waitForOutput(page, 'the page is red');
  expect(await edgeColours(page, await restingShot(page))).toEqual({
    '255,0,0': expect.any(Number),
  });

  // The user moves the separator beside the preview with the keyboard: another fraction.
  const handle = page.getByRole('separator', { name: 'Resize the editor and the preview' });
  const before = await page.getByTitle('Preview').boundingBox();
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await expect
    .poll(async () => (await page.getByTitle('Preview').boundingBox())!.x)
    .toBeLessThan(before!.x);
  // Back to the code: the handle's focus ring, drawn over the pane's edge, goes.
  await focusEditor(page);
  expect(await edgeColours(page, await restingShot(page))).toEqual({
    '255,0,0': expect.any(Number),
  });
});
