import { useEffect, useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-aria-components';
import type { ProjectStore } from '../project/model/store';
import { encodeProject } from '../project/share/share-codec';
import { appBase, shareUrl } from '../project/share/share-url';

/** Edits this recent are not yet in the link (encoding the whole project per keystroke is not). */
const SETTLE_MS = 300;

const linkOf = (store: ProjectStore) => {
  const { project, activePath } = store.getState();
  return shareUrl(
    appBase(window.location.href),
    encodeProject(project, { open: activePath ?? undefined }),
  );
};

/**
 * "Open in Playpen": the project as it is now (with the embed's edits), editable, in a full
 * Playpen. The link is encoded once edits pause, and again as the pointer or focus reaches
 * it, so it is never stale when used and typing never pays for compressing the project.
 */
export function OpenInPlaypenLink({ store }: { store: ProjectStore }) {
  const [href, setHref] = useState(() => linkOf(store));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seen = store.getState();
    const unsubscribe = store.subscribe(() => {
      const next = store.getState();
      if (next.project === seen.project && next.activePath === seen.activePath) return;
      seen = next;
      clearTimeout(timer);
      timer = setTimeout(() => setHref(linkOf(store)), SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store]);
  const refresh = () => setHref(linkOf(store));
  return (
    <Link
      className="pp-button pp-embed-open"
      href={href}
      target="_blank"
      rel="noopener"
      onHoverStart={refresh}
      onFocus={refresh}
    >
      Open in Playpen
      <ExternalLink size={14} aria-hidden="true" />
    </Link>
  );
}
