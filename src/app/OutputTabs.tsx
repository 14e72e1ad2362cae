import { useEffect, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { Session } from './session';
import { useStore } from '../ui/useStore';
import { ConsolePanel } from '../console/ConsolePanel';
import { ProblemsPanel } from '../problems/ProblemsPanel';
import { ProblemsTabLabel } from '../problems/ProblemsTabLabel';
import type { OpenLocation } from '../problems/open-location';
import { LogpointsPanel } from '../probes/LogpointsPanel';

/**
 * The output pane under the preview: the Console, the Problems list and the Logpoints as tabs. The
 * console stays mounted (it keeps its filter and scroll while Problems is shown); Problems
 * mounts when shown: a hidden tab panel looks for a tabbable child on every change of its
 * content (react-aria's TabPanel), and in a hidden list nothing is tabbable, so each of a
 * run's uncaught errors walked the whole list. The status area's count button brings
 * Problems forward and moves the keyboard there.
 */
export function OutputTabs({
  session,
  onOpenLocation,
}: {
  session: Session;
  onOpenLocation: OpenLocation;
}) {
  const [selected, setSelected] = useState<Key>('console');
  const problemsRef = useRef<HTMLElement>(null);
  const showRequests = useStore(session.problems, (s) => s.showRequests);
  const seen = useRef(showRequests);
  useEffect(() => {
    if (seen.current === showRequests) return;
    seen.current = showRequests;
    setSelected('problems');
    // After the panel is shown (it is inert while hidden, and inert cannot take focus).
    requestAnimationFrame(() => problemsRef.current?.focus());
  }, [showRequests]);
  // A logpoint added from the editor: its tab comes forward (its expression takes the keys).
  const editRequest = useStore(session.askPast, (s) => s.editRequest);
  const [seenEdit, setSeenEdit] = useState(editRequest);
  if (editRequest !== seenEdit) {
    setSeenEdit(editRequest);
    if (editRequest) setSelected('logpoints');
  }

  return (
    <Tabs className="pp-output-tabs" selectedKey={selected} onSelectionChange={setSelected}>
      <TabList aria-label="Output" className="pp-output-tablist">
        <Tab id="console" className="pp-output-tab">
          Console
        </Tab>
        <Tab id="problems" className="pp-output-tab">
          <ProblemsTabLabel problems={session.problems} />
        </Tab>
        <Tab id="logpoints" className="pp-output-tab">
          Logpoints
        </Tab>
      </TabList>
      <TabPanel id="console" className="pp-output-panel" shouldForceMount>
        <ConsolePanel
          store={session.console}
          onOpenLocation={onOpenLocation}
          onSeekTick={session.timeline.seek}
          onEvaluate={session.evaluateConsole}
          onGlobals={session.consoleGlobals}
        />
      </TabPanel>
      <TabPanel id="problems" className="pp-output-panel">
        <ProblemsPanel
          ref={problemsRef}
          problems={session.problems}
          onOpenLocation={onOpenLocation}
        />
      </TabPanel>
      <TabPanel id="logpoints" className="pp-output-panel">
        <LogpointsPanel
          askPast={session.askPast}
          project={session.project}
          timeline={session.timeline}
          onOpenLocation={onOpenLocation}
          startTime={() => session.timeline.startTime()}
        />
      </TabPanel>
    </Tabs>
  );
}
