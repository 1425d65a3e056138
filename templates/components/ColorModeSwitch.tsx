// Light, dark or system. The choice is kept in localStorage and applied before first paint by the inline
// script in the document head (src/client/document.ts); this control only changes it afterwards.
import { COLOR_MODE_KEY, type ColorMode } from '../../src/client/api.ts';
import { useEffect, useState } from 'react';

const modes: ColorMode[] = ['light', 'dark', 'system'];

export function ColorModeSwitch() {
  // The server cannot know the stored choice; render "light" (the default) and correct it after hydration.
  const [mode, setMode] = useState<ColorMode>('light');
  useEffect(() => {
    const stored = localStorage.getItem(COLOR_MODE_KEY);
    if (stored === 'dark' || stored === 'system') setMode(stored);
  }, []);

  const choose = (next: ColorMode) => {
    setMode(next);
    localStorage.setItem(COLOR_MODE_KEY, next);
    const dark = next === 'dark' || (next === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  };

  return (
    <label className="color-mode">
      <span className="visually-hidden">Colour mode</span>
      <select value={mode} onChange={(e) => choose(e.target.value as ColorMode)}>
        {modes.map((m) => (
          <option key={m} value={m}>
            {m === 'system' ? 'System' : m === 'light' ? 'Light' : 'Dark'}
          </option>
        ))}
      </select>
    </label>
  );
}
