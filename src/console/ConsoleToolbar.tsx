import {
  Button,
  Input,
  SearchField,
  ToggleButton,
  ToggleButtonGroup,
  type Key,
} from 'react-aria-components';
import { memo } from 'react';
import { Ban, Search } from 'lucide-react';
import type { LevelFilter } from './entry-filter';

export interface ConsoleToolbarProps {
  /** Level currently shown. */
  level: LevelFilter;
  onLevelChange: (level: LevelFilter) => void;
  /** Text filter as typed. */
  text: string;
  onTextChange: (text: string) => void;
  /** Kept errors, for the Errors badge (numbers, so the memoised toolbar skips other output). */
  errors: number;
  /** Kept warnings, for the Warnings badge. */
  warnings: number;
  onClear: () => void;
}

const LEVELS: { id: LevelFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'error', label: 'Errors' },
  { id: 'warn', label: 'Warnings' },
  { id: 'info', label: 'Info' },
  { id: 'log', label: 'Logs' },
  { id: 'debug', label: 'Debug' },
];

/** Level filter, text filter and Clear console. */
/** Memoised: a run's output re-renders the log, not these controls (unless a badge changes). */
export const ConsoleToolbar = memo(function ConsoleToolbar(props: ConsoleToolbarProps) {
  const { level } = props;
  const counts = { error: props.errors, warn: props.warnings };
  const onSelection = (keys: Set<Key>) => {
    const [first] = keys;
    if (first !== undefined) props.onLevelChange(String(first) as LevelFilter);
  };
  return (
    // A plain div, not react-aria's Toolbar: its arrow-key roving focus would fight the text field.
    <div className="pp-console-toolbar">
      <ToggleButtonGroup
        aria-label="Show levels"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[level]}
        onSelectionChange={onSelection}
        className="pp-levels"
      >
        {LEVELS.map(({ id, label }) => {
          const count = id === 'error' || id === 'warn' ? counts[id] : 0;
          return (
            <ToggleButton key={id} id={id} className="pp-level-button">
              {label}
              {count > 0 && (
                <span className={`pp-badge pp-badge-${id}`} aria-hidden>
                  {count > 999 ? '999+' : count}
                </span>
              )}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
      <SearchField
        aria-label="Filter console"
        value={props.text}
        onChange={props.onTextChange}
        className="pp-filter"
      >
        <Search size={12} aria-hidden className="pp-filter-icon" />
        <Input placeholder="Filter" />
      </SearchField>
      <Button aria-label="Clear console" className="pp-icon-button" onPress={props.onClear}>
        <Ban size={14} aria-hidden />
      </Button>
    </div>
  );
});
