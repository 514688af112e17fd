-- Test driver (not for users): after init.lua, in the fixture workspace test/fixtures/lsp/crossfile (copied, with a
-- gap the spec adds), asks Neovim's LSP client for the outline of a pipeline, goes to the definition of a pipeline
-- field (Neovim's own jump), lists its references, renames a custom field across two files (Neovim's own workspace
-- edit, then :wall), waits for the unmapped-field warning and applies its fix; writes what it saw as JSON.
local spec = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('FIELDWISE_NVIM_SPEC')), '\n'))
local TIMEOUT = spec.timeout or 60000
local report = { nvim = vim.version() }

local function client_of(bufnr)
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'fieldwise' and client.initialized then
      return client
    end
  end
end

local function request(bufnr, method, fields)
  local params = vim.tbl_extend('keep', fields, { textDocument = { uri = vim.uri_from_bufnr(bufnr) } })
  local answers, err = vim.lsp.buf_request_sync(bufnr, method, params, TIMEOUT)
  if not answers then
    error(method .. ' got no answer: ' .. tostring(err))
  end
  for _, answer in pairs(answers) do
    if answer.error then
      error(method .. ' failed: ' .. vim.inspect(answer.error))
    end
    return answer.result
  end
end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  if not vim.wait(TIMEOUT, function() return client_of(bufnr) ~= nil end, 50) then
    error('the fieldwise client did not attach to ' .. path)
  end
  return bufnr
end

local function names(symbols)
  local out = {}
  for _, s in ipairs(symbols or {}) do
    local entry = { name = s.name }
    if s.children and #s.children > 0 then
      entry.children = names(s.children)
    end
    table.insert(out, entry)
  end
  return out
end

local function where(location)
  return vim.uri_to_fname(location.uri) .. ':' .. (location.range.start.line + 1) .. ':' .. (location.range.start.character + 1)
end

local function run()
  local pipeline = open(spec.pipeline)
  report.outline = names(request(pipeline, 'textDocument/documentSymbol', {}))

  -- Go to definition as `gd` mapped to vim.lsp.buf.definition does: Neovim jumps to the location the server answers.
  local at = spec.field_position
  vim.api.nvim_win_set_cursor(0, { at.line + 1, at.character })
  local definitions = request(pipeline, 'textDocument/definition', { position = at })
  vim.lsp.util.jump_to_location(definitions[1], client_of(pipeline).offset_encoding)
  local cursor = vim.api.nvim_win_get_cursor(0)
  report.definition = { file = vim.api.nvim_buf_get_name(0), line = cursor[1], col = cursor[2] + 1 }
  vim.cmd('buffer ' .. pipeline)

  local references = request(pipeline, 'textDocument/references', { position = at, context = { includeDeclaration = true } })
  report.references = {}
  for _, l in ipairs(references or {}) do
    table.insert(report.references, where(l))
  end

  -- Rename across two files: the edit applied by Neovim's own workspace-edit code, every changed buffer written.
  local template = open(spec.template)
  local placeholder = request(template, 'textDocument/prepareRename', { position = spec.rename_position })
  report.rename_placeholder = placeholder and placeholder.placeholder
  local edit = request(template, 'textDocument/rename', { position = spec.rename_position, newName = spec.new_name })
  vim.lsp.util.apply_workspace_edit(edit, client_of(template).offset_encoding)
  vim.cmd('silent wall')

  -- The unmapped-field warning on the pipeline with the gap, once the workspace is read; its fix applied and written.
  local gap = open(spec.gap)
  local warning
  vim.wait(TIMEOUT, function()
    for _, d in ipairs(vim.diagnostic.get(gap)) do
      if d.code == 'unmapped-field' then
        warning = d
        return true
      end
    end
    return false
  end, 100)
  if not warning then
    error('no unmapped-field warning on ' .. spec.gap)
  end
  report.warning = { line = warning.lnum + 1, col = warning.col + 1, severity = warning.severity, message = warning.message }
  local range = { start = { line = warning.lnum, character = warning.col }, ['end'] = { line = warning.end_lnum, character = warning.end_col } }
  local sent = { range = range, severity = warning.severity, code = warning.code, source = warning.source, message = warning.message }
  local actions = request(gap, 'textDocument/codeAction', { range = range, context = { diagnostics = { sent }, only = { 'quickfix' } } }) or {}
  report.fixes = {}
  for _, action in ipairs(actions) do
    table.insert(report.fixes, action.title)
    if action.title:find('^Declare ') and action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client_of(gap).offset_encoding)
      vim.cmd('silent wall')
      report.fixed = true
    end
  end
end

local ok, err = pcall(run)
if not ok then
  report.error = tostring(err)
end
vim.fn.writefile({ vim.fn.json_encode(report) }, spec.out)
vim.cmd('qa!')
