-- Fieldwise in Neovim 0.7 or later, with the built-in LSP client only (no plugins). Copy this file, or the parts
-- you need, into your own config; docs/neovim.md explains each part. The end-to-end test runs Neovim with it.
--
-- The server command: `fieldwise-language-server --stdio` from PATH (`npm link` in a clone puts it there), or
-- the bundled script named by $FIELDWISE_SERVER (e.g. /path/to/fieldwise/dist/server.js), started with node and
-- the flags the VS Code extension uses (the installed command carries the first two): a small young generation, for a
-- lower peak memory; a bounded heap growth, for memory that stays flat while typing; V8's helper threads one fewer
-- than the cores, at most 4, for a faster first open on small machines (docs/server.md#node-flags).
local server_script = os.getenv('FIELDWISE_SERVER')
local cmd = { 'fieldwise-language-server', '--stdio' }
if server_script and server_script ~= '' then
  local helpers = math.max(1, math.min(4, #(vim.loop.cpu_info() or {}) - 1))
  cmd = { 'node', '--max-semi-space-size=1', '--heap-growing-percent=150', '--v8-pool-size=' .. helpers, server_script, '--stdio' }
end

-- NDJSON and JSON Lines are JSON to Neovim; the server tells the formats apart by the file name.
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = { '*.ndjson', '*.jsonl' },
  command = 'setfiletype json',
})

-- Logstash pipeline configs are `.conf` files, and so are many other programs' configs: a `.conf` buffer whose first
-- word (comments aside) is input, filter or output gets the `logstash` file type; the server confirms it by content.
local function opens_logstash_section(bufnr)
  for _, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, 200, false)) do
    local text = (line:gsub('#.*$', ''))
    local word, rest = text:match('^%s*(%a+)%s*(.-)%s*$')
    if word then
      return (word == 'input' or word == 'filter' or word == 'output') and (rest == '' or rest:sub(1, 1) == '{')
    end
    if not text:match('^%s*$') then
      return false
    end
  end
  return false
end

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.conf',
  callback = function(args)
    if opens_logstash_section(args.buf) then
      vim.bo[args.buf].filetype = 'logstash'
    end
  end,
})
-- Neovim's own detection may come later and call every `.conf` file `conf`: such a buffer is checked again.
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'conf',
  callback = function(args)
    if vim.api.nvim_buf_get_name(args.buf):match('%.conf$') and opens_logstash_section(args.buf) then
      vim.bo[args.buf].filetype = 'logstash'
    end
  end,
})

-- The workspace folder: the nearest folder above the file holding .fieldwise/ (custom definitions) or .git/,
-- else the current directory. Settings globs and custom definitions are relative to it.
local function root_of(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs({ '.fieldwise', '.git' }) do
    local found = vim.fn.finddir(marker, dir .. ';')
    if found ~= '' then
      return vim.fn.fnamemodify(found, ':p:h:h')
    end
  end
  return vim.fn.getcwd()
end

-- One server per workspace folder, shared by every JSON, YAML and Logstash buffer in it. The server itself decides
-- which files are event documents, pipelines, mappings (its globs, or their content); it ignores the others.
local clients = {}

local function attach(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' then
    return
  end
  local root = root_of(path)
  local id = clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client({
      name = 'fieldwise',
      cmd = cmd,
      root_dir = root,
      -- Answered to the server's workspace/configuration requests (section `fieldwise`), e.g.
      -- vim.g.fieldwise_settings = { diagnostics = { severity = { ['dotted-key'] = 'hint' } } }
      settings = { fieldwise = vim.g.fieldwise_settings or vim.empty_dict() },
    })
    clients[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
    -- Completion with <C-x><C-o>, documentation with K; diagnostics show up by themselves.
    vim.api.nvim_buf_set_option(bufnr, 'omnifunc', 'v:lua.vim.lsp.omnifunc')
    vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr })
    vim.keymap.set('n', '<leader>ca', vim.lsp.buf.code_action, { buffer = bufnr })
  end
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'json', 'yaml', 'logstash' },
  callback = function(args)
    attach(args.buf)
  end,
})
