// Light, dark or system. The choice is kept in localStorage and applied before first paint by the inline
// script in the document head (src/client/colorMode.ts), which also follows the system's setting live; this
// control only changes the choice. A native <select> in both forms: keyboard, screen readers and the phone's
// own picker come with it, and no script is added for a popup.
//   "icon": in the header bar from lg, a 44 px square showing the current mode's icon, with the select laid
//           invisibly over it (its accessible name "Colour mode", its value read out).
//   "inline": in the phone menu, with its label shown.
import { chooseColorMode, type ColorMode } from '../../src/client/api.ts';
import { useEffect, useRef, useState } from 'react';

const modes: [ColorMode, string][] = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['system', 'System'],
];

export function ColorModeSwitch({ variant }: { variant: 'icon' | 'inline' }) {
  // The server cannot know the stored choice; render "light" (the default) and correct it after hydration.
  const [mode, setMode] = useState<ColorMode>('light');
  const select = useRef<HTMLSelectElement>(null);
  const choose = (next: ColorMode) => {
    setMode(next);
    chooseColorMode(next);
  };
  // A mode chosen in the native select before the client started (it works without a script) is the visitor's
  // choice: applied and kept, not put back to the stored one. Then the switch follows the mode on <html>, which
  // the other switch (the header's and the menu's are both shown at some widths) and the head script set.
  useEffect(() => {
    const root = document.documentElement;
    const follow = () => setMode((root.dataset.colorMode as ColorMode | undefined) ?? 'light');
    const shown = select.current?.value as ColorMode | undefined;
    if (shown && shown !== 'light') choose(shown);
    else follow();
    const observer = new MutationObserver(follow);
    observer.observe(root, { attributeFilter: ['data-color-mode'] });
    return () => observer.disconnect();
  }, []);

  return (
    <label className={`color-mode color-mode--${variant}`}>
      {variant === 'icon' ? <ModeIcon mode={mode} /> : <span className="color-mode-label">Colour mode</span>}
      <select ref={select} aria-label="Colour mode" value={mode} onChange={(e) => choose(e.target.value as ColorMode)}>
        {modes.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A sun, a moon, or a half-filled circle for "as the system": drawn by the stylesheet (base.css, .icon-light and
 *  the others), so the three drawings are not written into every page (issue 23). */
function ModeIcon({ mode }: { mode: ColorMode }) {
  return <span className={`icon icon-${mode} color-mode-icon`} />;
}
