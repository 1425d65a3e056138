// Optional page-performance reporting. Nothing is observed or sent unless the page defines a reporter,
// e.g. in a script of the agency's own: window.storefrontReportPerformance = (metric) => navigator.sendBeacon(...).

export interface PerformanceMetric {
  name: 'LCP' | 'CLS' | 'FCP' | 'TTFB';
  value: number;
  page: string;
}

declare global {
  interface Window {
    storefrontReportPerformance?: (metric: PerformanceMetric) => void;
  }
}

export function startPerformanceReporting(): void {
  const report = window.storefrontReportPerformance;
  if (typeof report !== 'function' || typeof PerformanceObserver === 'undefined') return;
  const page = location.pathname;
  const send = (name: PerformanceMetric['name'], value: number) => report({ name, value: Math.round(value * 1000) / 1000, page });

  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation) send('TTFB', navigation.responseStart);
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  if (fcp) send('FCP', fcp.startTime);

  let lcp = 0;
  let cls = 0;
  const observe = (type: string, handle: (entries: PerformanceEntryList) => void) => {
    try {
      new PerformanceObserver((list) => handle(list.getEntries())).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not support: nothing to report for it.
    }
  };
  observe('largest-contentful-paint', (entries) => (lcp = entries.at(-1)?.startTime ?? lcp));
  observe('layout-shift', (entries) => {
    for (const e of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) cls += e.value;
  });
  // Final values are known when the page is hidden (tab switch, navigation away, close).
  addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState !== 'hidden') return;
      if (lcp) send('LCP', lcp);
      send('CLS', cls);
    },
    { once: true },
  );
}
