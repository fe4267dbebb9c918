// The report's plots in the browser (inlined into report.html with ECharts, so the page works
// offline). Hover a point: its variant's key, parameters, outcomes, objectives and installed
// capacities. Click it: its workbook opens. Select points with the brush (rectangle or lasso in the
// plot's toolbox): the same variants are highlighted on every plot, and listed above the plots.
/* global echarts */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('sweep-report-data').textContent);
  var compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 4 });
  var charts = [];
  var selected = new Set();

  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  function labelFormatter(format) {
    if (format.categories) {
      return function (value) { return Number.isInteger(value) ? (format.categories[value] || '') : ''; };
    }
    return function (value) { return compact.format(value); };
  }

  function metaOf(chart, seriesIndex, dataIndex) {
    var items = chart.meta[seriesIndex];
    return items ? items[dataIndex] : undefined;
  }

  function variantLines(index, point) {
    var v = data.variants[index];
    if (!v) return ['#' + index];
    var lines = ['<b>#' + index + ' ' + escape(v.label) + '</b>', 'key: <code>' + escape(v.key) + '</code>'];
    v.parameters.forEach(function (p) { lines.push(escape(p[0]) + ' = ' + escape(p[1])); });
    // The study's outcomes are the variant's (each read at the Pareto point the study file names), not this point's.
    if (v.outcomes.length) lines.push('<i>Outcomes of the variant</i>');
    v.outcomes.forEach(function (o) { lines.push(escape(o[0]) + ': ' + escape(o[1])); });
    var solution = point !== undefined ? v.points[point] : undefined;
    if (solution) {
      lines.push('<i>Pareto point ' + point + '</i>');
      solution.objectives.forEach(function (o) { lines.push(escape(o)); });
    }
    if (solution && solution.capacities.length) {
      lines.push('<i>Installed</i>');
      solution.capacities.forEach(function (c) { lines.push(escape(c)); });
      if (solution.moreCapacities) lines.push('and ' + solution.moreCapacities + ' more (in the workbook)');
    }
    var link = linkOf(index, point);
    if (link) lines.push('<span class="hint">Click to open ' + escape(link) + '</span>');
    return lines;
  }

  function linkOf(index, point) {
    var v = data.variants[index];
    if (!v) return undefined;
    return (point !== undefined && v.links[point]) || v.links[0];
  }

  function tooltip(chart) {
    return function (params) {
      var m = metaOf(chart, params.seriesIndex, params.dataIndex);
      if (!m) return '';
      var head = [];
      if (m.n > 1) {
        var listed = m.v.slice(0, 10).map(function (i) { return '#' + i; }).join(', ');
        head.push('<b>' + m.n.toLocaleString('en-US') + ' points on this spot</b>, of variants ' + listed + (m.v.length > 10 || m.n > m.v.length ? ', …' : ''));
      }
      var body = m.v.length ? variantLines(m.v[0], m.s) : [];
      // The plot's own words on the point come last: all of them for a point that is no variant (an
      // index, a probe), else what they add to the variant's card (a rate to the previous point, a knee).
      var words = m.t || '';
      if (m.v.length && words) words = words.indexOf('; ') >= 0 ? words.slice(words.indexOf('; ') + 2) : '';
      var own = words ? ['<span class="hint">' + escape(words) + '</span>'] : [];
      return '<div class="tip" data-series="' + escape(params.seriesId || '') + '">' + head.concat(body, own).join('<br>') + '</div>';
    };
  }

  function highlightSelection() {
    charts.forEach(function (entry) {
      entry.instance.dispatchAction({ type: 'downplay' });
      var highlighted = 0;
      entry.chart.meta.forEach(function (items, seriesIndex) {
        if (!items || !selected.size) return;
        var indices = [];
        items.forEach(function (m, dataIndex) {
          if (m.v.some(function (v) { return selected.has(v); })) indices.push(dataIndex);
        });
        if (indices.length) entry.instance.dispatchAction({ type: 'highlight', seriesIndex: seriesIndex, dataIndex: indices });
        highlighted += indices.length;
      });
      // The plot says how many of its points are highlighted, for a screen reader and a test alike.
      entry.element.dataset.highlighted = String(highlighted);
    });
    var panel = document.getElementById('selection');
    if (!selected.size) {
      panel.hidden = true;
      return;
    }
    var list = Array.from(selected).sort(function (a, b) { return a - b; });
    panel.hidden = false;
    panel.querySelector('.count').textContent = list.length.toLocaleString('en-US') + ' variant' + (list.length === 1 ? '' : 's') + ' selected';
    panel.querySelector('.list').innerHTML = list.slice(0, 50).map(function (i) {
      var v = data.variants[i];
      return '<li>#' + i + ' ' + escape(v ? v.label : '') + '</li>';
    }).join('') + (list.length > 50 ? '<li>and ' + (list.length - 50) + ' more</li>' : '');
  }

  function onBrush(entry) {
    return function (params) {
      var next = new Set();
      (params.batch || []).forEach(function (batch) {
        (batch.selected || []).forEach(function (s) {
          (s.dataIndex || []).forEach(function (dataIndex) {
            var m = metaOf(entry.chart, s.seriesIndex, dataIndex);
            if (m) m.v.forEach(function (v) { next.add(v); });
          });
        });
      });
      // Clearing the brush of one plot clears the selection only if that plot made it.
      if (!next.size && entry !== selectionOwner) return;
      selectionOwner = next.size ? entry : null;
      selected = next;
      highlightSelection();
    };
  }
  var selectionOwner = null;

  data.charts.forEach(function (chart) {
    var element = document.getElementById(chart.id);
    if (!element) return;
    element.style.height = chart.height + 'px';
    var instance = echarts.init(element, null, { renderer: 'canvas', width: chart.width, height: chart.height });
    var option = chart.option;
    option.xAxis.axisLabel.formatter = labelFormatter(chart.axes.x);
    option.yAxis.axisLabel.formatter = labelFormatter(chart.axes.y);
    option.tooltip = { trigger: 'item', confine: true, formatter: tooltip(chart), extraCssText: 'max-width: 440px; white-space: normal; font-size: 12px; line-height: 1.35;' };
    // Above the plot's left corner, clear of the title and of a legend on the right.
    option.toolbox = { left: option.grid.left, top: option.grid.top - 32, itemSize: 14, feature: { brush: { type: ['rect', 'polygon', 'clear'], title: { rect: 'Select (box)', polygon: 'Select (lasso)', clear: 'Clear selection' } }, dataZoom: { title: { zoom: 'Zoom', back: 'Zoom back' } }, restore: { title: 'Reset' } } };
    option.brush = { xAxisIndex: 0, throttleType: 'debounce', throttleDelay: 150, brushStyle: { color: 'rgba(78,121,167,0.15)', borderColor: '#4e79a7' } };
    instance.setOption(option);
    var entry = { chart: chart, instance: instance, element: element };
    instance.on('click', function (params) {
      var m = metaOf(chart, params.seriesIndex, params.dataIndex);
      var link = m && m.v.length ? linkOf(m.v[0], m.s) : undefined;
      if (link) window.open(link, '_blank');
    });
    instance.on('brushselected', onBrush(entry));
    charts.push(entry);
  });
  document.getElementById('selection-clear').addEventListener('click', function () {
    selected = new Set();
    selectionOwner = null;
    charts.forEach(function (entry) { entry.instance.dispatchAction({ type: 'brush', areas: [] }); });
    highlightSelection();
  });
  // For readers (and tests) that wait for the plots.
  document.body.dataset.plots = 'ready';
}());
