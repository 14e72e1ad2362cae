// The Svelte peer of `npm run bench`: the svelte.dev playground's bundler worker and preview
// (repl/, vendored from its REPL package), set up as its Repl component does; see Peer.svelte.
import { mount } from 'svelte';
import Peer from './Peer.svelte';

mount(Peer, { target: document.getElementById('app')! });
