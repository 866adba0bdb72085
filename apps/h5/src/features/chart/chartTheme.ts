import { useEffect, useState } from 'react';

/** The chart's colours, read from the app's theme variables (app.css). */
export interface ChartColors {
  rise: string;
  fall: string;
  text: string;
  grid: string;
  background: string;
  line: string;
  lineFill: string;
  ma: readonly [string, string, string];
}

function cssVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

/** A hex colour with an alpha channel (for the volume bars and the line's fill). */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  return `#${hex}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

export function readChartColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const dark = document.documentElement.getAttribute('data-prefers-color-scheme') === 'dark';
  const brand = cssVar(style, '--hx-brand', '#136ebb');
  return {
    // Candles are fills: the last-price label writes white on them.
    rise: cssVar(style, '--hx-rise-fill', '#117b51'),
    fall: cssVar(style, '--hx-fall-fill', '#c83238'),
    text: cssVar(style, '--hx-text-secondary', '#4b586a'),
    grid: cssVar(style, '--hx-border', '#e6eaf0'),
    background: cssVar(style, '--hx-surface', '#ffffff'),
    line: brand,
    lineFill: withAlpha(brand, dark ? 0.25 : 0.15),
    // The legend writes each average in its colour: 4.5:1 on the chart's background.
    ma: dark ? ['#f0b90b', '#d78cf7', '#4fc3f7'] : ['#9a6d00', '#a34fd1', '#1b7dac'],
  };
}

/** The theme colours, re-read whenever the app switches between light and dark. */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readChartColors);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readChartColors()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-prefers-color-scheme'],
    });
    return () => observer.disconnect();
  }, []);
  return colors;
}
