// Light, dark or system. The choice is kept in localStorage and applied before first paint by the inline
// script in the document head (src/client/colorMode.ts), which also follows the system's setting live; this
// control only changes the choice. A native <select> in both forms: keyboard, screen readers and the phone's
// own picker come with it, and no script is added for a popup.
//   "icon": in the header bar from lg, a 44 px square showing the current mode's icon, with the select laid
//           invisibly over it (its accessible name "Colour mode", its value read out).
//   "inline": in the phone menu, with its label shown.
import { chooseColorMode, storedColorMode, type ColorMode } from '../../src/client/api.ts';
import { useEffect, useState } from 'react';

const modes: [ColorMode, string][] = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['system', 'System'],
];

export function ColorModeSwitch({ variant }: { variant: 'icon' | 'inline' }) {
  // The server cannot know the stored choice; render "light" (the default) and correct it after hydration.
  const [mode, setMode] = useState<ColorMode>('light');
  useEffect(() => setMode(storedColorMode()), []);

  const choose = (next: ColorMode) => {
    setMode(next);
    chooseColorMode(next);
  };

  return (
    <label className={`color-mode color-mode--${variant}`}>
      {variant === 'icon' ? <ModeIcon mode={mode} /> : <span className="color-mode-label">Colour mode</span>}
      <select aria-label="Colour mode" value={mode} onChange={(e) => choose(e.target.value as ColorMode)}>
        {modes.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A sun, a moon, or a half-filled circle for "as the system". */
function ModeIcon({ mode }: { mode: ColorMode }) {
  return (
    <svg className="color-mode-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {mode === 'light' && (
        <>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </>
      )}
      {mode === 'dark' && <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />}
      {mode === 'system' && (
        <>
          <circle cx="12" cy="12" r="8" />
          <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
        </>
      )}
    </svg>
  );
}
