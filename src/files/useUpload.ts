import { useState } from 'react';
import { DEFAULT_LIMITS, type ImportLimits } from '../project/import/import-limits';
import {
  planImport,
  resolveClashes,
  type ClashChoice,
  type ImportPlan,
} from '../project/import/import-plan';
import type { ProjectStore } from '../project/model/store';
import { readUploads, type UploadItem } from '../project/import/upload-read';

type ReadyPlan = Extract<ImportPlan, { ok: true }>;

/** The upload flow: read → plan → (ask about clashes) → one all-or-nothing store change. */
export function useUpload(store: ProjectStore, limits: ImportLimits = DEFAULT_LIMITS) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState<ReadyPlan | null>(null);

  const apply = (plan: ReadyPlan, choice: ClashChoice) => {
    const { project } = store.getState();
    const files = resolveClashes(plan, choice, Object.keys(project.files));
    const result = store.addFiles(files);
    if (!result.ok) return setErrors([result.error]);
    const n = Object.keys(files).length;
    setDone([`Added ${n} ${n === 1 ? 'file' : 'files'}.`, ...plan.notes].join(' '));
  };

  return {
    busy,
    errors,
    done,
    /** Clashing paths waiting for the user's choice (null when not asking). */
    clashes: asking ? [...asking.clashes.values()] : null,
    /** Uploads picked or dropped items (a promise while a dropped folder is still walked). */
    async start(items: UploadItem[] | Promise<UploadItem[]>) {
      setErrors(null);
      setDone(null);
      setBusy(true);
      try {
        const read = await readUploads(await items, limits);
        if (!read.ok) return setErrors(read.errors);
        const { project, folders } = store.getState();
        const plan = planImport(read.files, { files: project.files, folders }, limits);
        if (!plan.ok) return setErrors(plan.errors);
        if (plan.clashes.size > 0) setAsking(plan);
        else apply(plan, 'replace');
      } catch (error) {
        setErrors([`The upload failed: ${error instanceof Error ? error.message : String(error)}`]);
      } finally {
        setBusy(false);
      }
    },
    choose(choice: ClashChoice | 'cancel') {
      const plan = asking;
      setAsking(null);
      if (plan && choice !== 'cancel') apply(plan, choice);
    },
    dismiss() {
      setErrors(null);
      setDone(null);
    },
  };
}

export type Upload = ReturnType<typeof useUpload>;
