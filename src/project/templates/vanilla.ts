import type { Project } from '../../protocol';
import { BASE_CSS, indexHtml, textProject } from './make';

const MAIN = `import './style.css';
import { setupCounter } from './counter';

const app = document.querySelector<HTMLDivElement>('#app');
if (!app) throw new Error('index.html needs a <div id="app">');

const heading = document.createElement('h1');
heading.textContent = 'Vanilla TypeScript';

const button = document.createElement('button');
button.type = 'button';

const hint = document.createElement('p');
hint.className = 'hint';
hint.textContent = 'Edit src/main.ts or src/counter.ts and the preview updates.';

app.append(heading, button, hint);
setupCounter(button);
`;

const COUNTER = `/** Turns a button into a counter that logs every click. */
export function setupCounter(button: HTMLButtonElement): void {
  let count = 0;
  const render = () => {
    button.textContent = \`count is \${count}\`;
  };
  button.addEventListener('click', () => {
    count += 1;
    render();
    console.log('count', count);
  });
  render();
}
`;

const STYLE = `${BASE_CSS}
#app {
  text-align: center;
}

.hint {
  opacity: 0.7;
}
`;

export function createVanilla(): Project {
  return textProject('vanilla-typescript', 'src/main.ts', {
    'index.html': indexHtml('Vanilla TypeScript', '<div id="app"></div>', 'src/main.ts'),
    'src/main.ts': MAIN,
    'src/counter.ts': COUNTER,
    'src/style.css': STYLE,
  });
}
