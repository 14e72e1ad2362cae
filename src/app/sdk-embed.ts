/**
 * An embed driven by a host page through the SDK (`?embed&sdk`, docs/embed.md): the page waits
 * for its parent's connect before the session starts (the host's files are the project), then
 * answers the host's calls and tells it the run's events. The embed is ephemeral like any
 * embed (session.ts): the user's projects are never read or written; with `persist` the host
 * page keeps the learner's edits in its own storage (embed/keep-edits.ts).
 */
import { EMBED_PROTOCOL_VERSION, SDK_QUERY_FLAG } from '../protocol/embed';
import type { Project } from '../protocol';
import { connectHost, type HostLink } from '../embed/host-handshake';
import { projectFromSettings } from '../embed/embed-project';
import { serveHost } from '../embed/bridge';
import { createEmbedApi } from '../embed/embed-api';
import { followRuns, followTicks } from '../embed/run-events';
import { followChanges, runtimeEvents } from '../embed/output-events';
import { keepEdits, restoreEdits } from '../embed/keep-edits';
import { appBase } from '../project/share/share-url';
import { messageGate } from '../preview/message-gate';
import { browserClock } from '../ui/throttled-store';
import { decideStartup, type Startup } from './startup';
import type { Session } from './session-types';

/** How long the page waits for its host's connect before opening as a plain embed. */
export const HOST_WAIT_MS = 10_000;

export const NO_HOST =
  'This address is for pages that embed Playpen with its SDK (sdk/playpen.js), and no host page connected: the example opened instead.';

/** An SDK embed's start, and what serves its host once the session runs. */
export interface SdkEmbed {
  startup: Startup;
  /** Answers the host's calls on `session` and tells it the events; call once the UI is mounted. */
  serve(session: Session): void;
}

/** Whether this page is an SDK embed (the SDK's `?embed&sdk`). */
export const isSdkEmbed = (href: string) => {
  const query = new URL(href).searchParams;
  return query.has('embed') && query.has(SDK_QUERY_FLAG);
};

/** Null for any other page; else waits for the host (or opens the example saying why not). */
export async function connectSdkEmbed(win: Window): Promise<SdkEmbed | null> {
  const href = win.location.href;
  if (!isSdkEmbed(href)) return null;
  const plain = decideStartup(href);
  const refused = (error: string): SdkEmbed => ({ startup: { ...plain, error }, serve() {} });
  if (win.parent === win) return refused(NO_HOST);
  const gate = messageGate(win);
  const link = await connectHost(
    win,
    (parent) => gate.admit({ contentWindow: parent }),
    HOST_WAIT_MS,
  );
  if (!link) return refused(NO_HOST);
  const { settings, edits } = link.connect;
  const checked = projectFromSettings(settings);
  if (!checked.ok) {
    link.port.postMessage({ type: 'refused', error: checked.error });
    link.port.close();
    return refused(
      `The page embedding this playground gave it a project it cannot open. ${checked.error}`,
    );
  }
  const initial = checked.project;
  const project = settings.persist ? restoreEdits(initial, edits) : initial;
  return {
    startup: {
      fromPermalink: false,
      readOnly: false,
      embed: true,
      project,
      ...(settings.activeFile && Object.hasOwn(project.files, settings.activeFile)
        ? { openPath: settings.activeFile }
        : {}),
      sdk: { settings, initial },
    },
    serve: (session) => serve(session, link, initial),
  };
}

function serve(session: Session, link: HostLink, initial: Project) {
  const bridge = serveHost(
    link.port,
    createEmbedApi({
      project: session.project,
      controller: session.controller,
      timeline: session.timeline,
      format: (request) => session.format.format(request),
      shareable: () => session.runSharing.shareable(),
      appBase: appBase(window.location.href),
      initial,
    }),
  );
  const emit = bridge.emit;
  followRuns(session.controller, emit);
  followTicks(session.timeline, emit);
  followChanges(session.project, emit);
  session.onPreviewOutput((message) =>
    runtimeEvents(message, (frames) => session.console.mapFrames(frames), emit),
  );
  if (link.connect.settings.persist) {
    const kept = keepEdits({
      project: session.project,
      initial,
      clock: browserClock,
      keep: (files) => link.port.postMessage({ type: 'edits', files }),
    });
    window.addEventListener('pagehide', () => kept.flush());
  }
  emit('ready', { version: EMBED_PROTOCOL_VERSION });
}
