-- Neovim's own LSP client against `hcr server`: opens a record, waits for its diagnostics,
-- writes them as JSON, quits. Run headless by tests/python/test_neovim.py:
--   nvim --headless -u NONE -c "luafile diagnostics.lua" RECORD
-- with HCR_BIN (the server) and HCR_NVIM_OUT (where to write) in the environment.
-- Neovim 0.7 (Debian 12) has no vim.lsp.start: start_client and buf_attach_client do its work.
local hcr = os.getenv("HCR_BIN")
local out = os.getenv("HCR_NVIM_OUT")
local buf = vim.api.nvim_get_current_buf()
local file = vim.api.nvim_buf_get_name(buf)
local root = vim.fn.fnamemodify(file, ":h")
local config = { name = "hcr", cmd = { hcr, "server" }, root_dir = root }
local client
if vim.lsp.start then
  client = vim.lsp.start(config)
else
  client = vim.lsp.start_client(config)
  vim.lsp.buf_attach_client(buf, client)
end
local ok = vim.wait(10000, function()
  return #vim.diagnostic.get(buf) > 0
end, 20)
local found = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code
  if code == nil and d.user_data and d.user_data.lsp then
    code = d.user_data.lsp.code
  end
  table.insert(found, {
    code = code,
    severity = d.severity,
    lnum = d.lnum,
    col = d.col,
    end_lnum = d.end_lnum,
    end_col = d.end_col,
  })
end
local f = io.open(out, "w")
f:write(vim.fn.json_encode({ ok = ok, diagnostics = found }))
f:close()
vim.lsp.stop_client(client)
vim.cmd("qa!")
