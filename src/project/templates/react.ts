import type { Project } from '../../protocol';
import { BASE_CSS, indexHtml, textProject } from './make';

const MAIN = `import { createRoot } from 'react-dom/client';
import App from './App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html needs a <div id="root">');

createRoot(container).render(<App />);
`;

const APP = `import { useEffect, useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);

  useEffect(() => {
    document.title = \`Clicked \${count} times\`;
    console.log('count changed', { count });
  }, [count]);

  return (
    <main className="app">
      <h1>React + TypeScript</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        count is {count}
      </button>
      <p className="hint">
        Edit <code>src/App.tsx</code> and the preview updates.
      </p>
    </main>
  );
}
`;

const STYLE = `${BASE_CSS}
.app {
  text-align: center;
}

.hint {
  opacity: 0.7;
}
`;

const PACKAGE_JSON = `{
  "name": "react-typescript",
  "private": true,
  "version": "0.0.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build"
  },
  "dependencies": {
    "react": "^19.0.0",
    "react-dom": "^19.0.0"
  },
  "devDependencies": {
    "@types/react": "^19.0.0",
    "@types/react-dom": "^19.0.0",
    "typescript": "^5.9.0",
    "vite": "^8.0.0"
  }
}
`;

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true
  },
  "include": ["src"]
}
`;

export function createReact(): Project {
  return textProject('react-typescript', 'src/main.tsx', {
    'index.html': indexHtml('React + TypeScript', '<div id="root"></div>', 'src/main.tsx'),
    'package.json': PACKAGE_JSON,
    'tsconfig.json': TSCONFIG,
    'src/main.tsx': MAIN,
    'src/App.tsx': APP,
    'src/styles.css': STYLE,
  });
}
