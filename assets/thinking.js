// The computer's measured progress while it thinks (lf/components/prompt.py thinking_html draws the bar at 0).
// The server sends lfThinking({faction: percent}) a few times a second, only when the figure changed
// (lf/pages/thinking_figure.py); each bar shows the share of the factions it names.
window.lfThinking = (figure) => {
  document.querySelectorAll('[data-thinking]').forEach((bar) => {
    const shares = bar.dataset.thinking.split(' ').map((f) => figure[f]).filter((p) => p !== undefined);
    const percent = shares.length ? Math.max(...shares) : 0;
    bar.setAttribute('aria-valuenow', String(percent));
    bar.setAttribute('aria-valuetext', `${percent}% of the search done`);
    if (bar.firstElementChild) bar.firstElementChild.style.width = `${percent}%`;
  });
};
