// The cold-start reference of `npm run bench`: Playpen's own Monaco set-up (the same chunks,
// workers, languages and React type declarations), on a page that does nothing else, showing
// the example project's entry file. What Playpen adds on top of this is the app.
import { loadMonaco } from '../../../src/editor/load-monaco';
import { createExample } from '../../../src/project/templates/example';

const project = createExample();
const entry = project.files[project.entry];
const monaco = await loadMonaco();
const model = monaco.editor.createModel(
  entry && entry.kind === 'text' ? entry.text : '',
  'typescript',
  monaco.Uri.parse(`file:///${project.entry}`),
);
monaco.editor.create(document.getElementById('editor')!, { model, automaticLayout: true });
