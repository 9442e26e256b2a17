// The bare page's script: the key from the address's fragment, as the panel
// takes it, then the list of connectors and its first 150 rows into the table.
const key = new URLSearchParams(window.location.hash.slice(1)).get('key');
const response = await fetch('/api/manage/admin/connector', {
  headers: { Authorization: `Bearer ${key}` },
});
const list = await response.json();
const body = document.querySelector('tbody');
list.slice(0, 150).forEach((connector, index) => {
  const row = body.insertRow();
  row.dataset.index = String(index);
  const name = row.insertCell();
  name.className = 'cell-name'; // where the bench's probes read a row's name, as in the panel
  name.textContent = connector.name;
  row.insertCell().textContent = connector.source;
  row.insertCell().textContent = String(connector.credential_ids.length);
});
