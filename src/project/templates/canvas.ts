import type { Project } from '../../protocol';
import { BASE_CSS, indexHtml, textProject } from './make';

const MAIN = `import './style.css';
import { createBall, moveBall } from './ball';

const canvas = document.querySelector<HTMLCanvasElement>('#scene');
const counter = document.querySelector<HTMLParagraphElement>('#frames');
if (!canvas || !counter) throw new Error('index.html needs <canvas id="scene"> and <p id="frames">');
const ctx = canvas.getContext('2d');
if (!ctx) throw new Error('This browser has no 2D canvas');

const { width, height } = canvas;
const balls = Array.from({ length: 12 }, () => createBall(width, height));
console.log('first ball', balls[0]);

let frame = 0;
const draw = () => {
  ctx.fillStyle = 'rgb(20 22 30 / 0.35)'; // translucent: leaves short trails
  ctx.fillRect(0, 0, width, height);
  for (const ball of balls) {
    moveBall(ball, width, height);
    ctx.beginPath();
    ctx.arc(ball.x, ball.y, ball.radius, 0, Math.PI * 2);
    ctx.fillStyle = ball.color;
    ctx.fill();
  }
  frame += 1;
  counter.textContent = \`Frame \${frame}\`;
  requestAnimationFrame(draw);
};
requestAnimationFrame(draw);
`;

const BALL = `export interface Ball {
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
  color: string;
}

const between = (min: number, max: number) => min + Math.random() * (max - min);

export function createBall(width: number, height: number): Ball {
  const radius = between(8, 22);
  return {
    x: between(radius, width - radius),
    y: between(radius, height - radius),
    vx: between(-4, 4),
    vy: between(-4, 4),
    radius,
    color: \`hsl(\${Math.floor(between(0, 360))} 85% 62%)\`,
  };
}

/** One frame of motion, bouncing off the walls. */
export function moveBall(ball: Ball, width: number, height: number): void {
  ball.x += ball.vx;
  ball.y += ball.vy;
  if (ball.x < ball.radius || ball.x > width - ball.radius) {
    ball.vx = -ball.vx;
    ball.x = Math.min(Math.max(ball.x, ball.radius), width - ball.radius);
  }
  if (ball.y < ball.radius || ball.y > height - ball.radius) {
    ball.vy = -ball.vy;
    ball.y = Math.min(Math.max(ball.y, ball.radius), height - ball.radius);
  }
}
`;

const STYLE = `${BASE_CSS}
main {
  text-align: center;
}

canvas {
  display: block;
  width: min(90vw, 480px);
  border-radius: 12px;
  background: #14161e;
}

#frames {
  margin: 0.5rem 0 0;
  opacity: 0.7;
  font-variant-numeric: tabular-nums;
}
`;

const BODY = `<main>
      <canvas id="scene" width="480" height="320"></canvas>
      <p id="frames">Frame 0</p>
    </main>`;

export function createCanvas(): Project {
  return textProject('canvas-animation', 'src/main.ts', {
    'index.html': indexHtml('Canvas animation', BODY, 'src/main.ts'),
    'src/main.ts': MAIN,
    'src/ball.ts': BALL,
    'src/style.css': STYLE,
  });
}
