import type { Project } from '../../protocol';
import { BASE_CSS, indexHtml, textProject } from './make';

const MAIN = `import './style.css';
import { greet } from './greet';
import logo from './logo.svg';

const app = document.querySelector<HTMLDivElement>('#app');
if (!app) throw new Error('index.html needs a <div id="app">');

const user = { name: 'Ada', languages: ['TypeScript', 'CSS'], visits: 3 };

const image = document.createElement('img');
image.src = logo;
image.alt = 'Playpen logo';
image.width = 56;

const title = document.createElement('h1');
title.textContent = greet(user.name);

const clock = document.createElement('p');
clock.className = 'clock';

const button = document.createElement('button');
button.type = 'button';
button.textContent = 'Click me';
let clicks = 0;
button.addEventListener('click', () => {
  clicks += 1;
  button.textContent = \`Clicked \${clicks} \${clicks === 1 ? 'time' : 'times'}\`;
  console.log('click', { clicks });
});

const card = document.createElement('section');
card.className = 'card';
card.append(image, title, clock, button);
app.append(card);

// One tick per second: pause the run, or step through it one tick at a time.
let seconds = 0;
function tick() {
  clock.textContent = \`Running for \${seconds} s\`;
  seconds += 1;
}
tick();
setInterval(tick, 1000);

console.log('Hello from src/main.ts');
console.log('user:', user);
`;

const GREET = `/** Change the greeting: the preview follows as you type. */
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
`;

const STYLE = `${BASE_CSS}
.card {
  padding: 2rem 2.5rem;
  border-radius: 16px;
  text-align: center;
  background: color-mix(in srgb, currentColor 6%, transparent);
  box-shadow: 0 8px 30px rgb(0 0 0 / 0.08);
}

h1 {
  margin: 0 0 0.25rem;
  font-size: 2.2rem;
}

.clock {
  margin: 0 0 1.25rem;
  opacity: 0.7;
  font-variant-numeric: tabular-nums;
}
`;

// An image kept as bytes (as an uploaded one would be), imported from code as a URL.
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#5b5bd6"/>
  <path d="M24 18v28l22-14z" fill="#fff"/>
</svg>
`;

/** The example shown on first open: files importing each other, CSS, an image, timers, console. */
export function createExample(): Project {
  const project = textProject('hello-playpen', 'src/main.ts', {
    'index.html': indexHtml('Hello, Playpen', '<div id="app"></div>', 'src/main.ts'),
    'src/main.ts': MAIN,
    'src/greet.ts': GREET,
    'src/style.css': STYLE,
  });
  project.files['src/logo.svg'] = {
    kind: 'binary',
    bytes: new TextEncoder().encode(LOGO),
    mime: 'image/svg+xml',
  };
  return project;
}
