import { describe, expect, it } from 'vitest';
import { nestedSandbox } from '../../../src/runtime/nested-frame-sandbox';
import { PREVIEW_SANDBOX_FLAGS } from '../../../src/protocol/sandbox';

describe('nested frame sandbox', () => {
  it('gives a frame without a sandbox the preview’s flags less dialogs and windows', () => {
    expect(nestedSandbox(null, PREVIEW_SANDBOX_FLAGS)).toBe(
      'allow-scripts allow-forms allow-pointer-lock allow-downloads',
    );
  });

  it('keeps a program’s own stricter sandbox as it is', () => {
    expect(nestedSandbox('', PREVIEW_SANDBOX_FLAGS)).toBe('');
    expect(nestedSandbox('allow-scripts', PREVIEW_SANDBOX_FLAGS)).toBe('allow-scripts');
  });

  it('takes dialogs and windows out of a program’s own sandbox, in any case and spacing', () => {
    expect(
      nestedSandbox(
        '  allow-scripts\tALLOW-MODALS allow-popups  allow-forms',
        PREVIEW_SANDBOX_FLAGS,
      ),
    ).toBe('allow-scripts allow-forms');
  });
});
