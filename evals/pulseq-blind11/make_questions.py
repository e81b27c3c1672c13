# blind11: writes questions.jsonl and runs all mechanical checks (blind10's make_questions.py, adapted).
# Reads /tmp/blind11_all.txt and /tmp/blind11_callers.json (written by the listing command / draw_example_funcs.py).
import json, os, re, sys
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind11_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 14 named-function example questions, draw order (9 MATLAB, then 5 Python)
fx('which demo script calls seq.applySoftDelay?','seq.applySoftDelay','matlab','b')
fx('mr.aux.rotmat.z used in an example sequence','mr.aux.rotmat.z','matlab','a')
fx('I want to see how a hard pulse is made with mr.makeBlockPulse in a real sequence, can you show me the demo scripts that use it?','mr.makeBlockPulse','matlab','c')
fx('is there an example that turns a k-space trajectory into gradient waveforms with mr.traj2grad?','mr.traj2grad','matlab','b')
fx('seq.paperPlot in the demo sequences','seq.paperPlot','matlab','a')
fx("I'd like an example that builds shaped gradients with mr.makeArbitraryGrad, can you point me to one?",'mr.makeArbitraryGrad','matlab','c')
fx('which demo sequences use mr.makeRotation?','mr.makeRotation','matlab','b')
fx('example script calling mr.simRf to check the slice profile','mr.simRf','matlab','a')
fx('I need to synchronise my sequence to the ECG; show me the MATLAB demos that use mr.makeTrigger','mr.makeTrigger','matlab','c')
fx('pp.scale_grad usage in a pypulseq example','pp.scale_grad','python','a')
fx('which pypulseq example scripts call pp.make_block_pulse?','pp.make_block_pulse','python','b')
fx('I need to see how pp.add_gradients combines two gradients in a real pypulseq script','pp.add_gradients','python','c')
fx('is there a pypulseq example that sets data labels with pp.make_label?','pp.make_label','python','b')
fx('pp.rotate in the pypulseq examples','pp.rotate','python','a')
# --- 10 kind-of-sequence example questions, draw order; none names a language or an identifier
ex('I need a multi-slice 2D spin echo, one k-space line per excitation, whose TE and TR can be changed on the scanner through soft delays, can you give me the code?',[M+'writeSpinEcho_softdelay.m'],'none','c')
ex("ramp-sampled high-performance EPI modelled on the Siemens BOLD EPI, with navigator echoes and data labels for the scanner's own image reconstruction",[M+'writeEpiRS_label.m',M+'writeEpiRS_label_trans.m',M+'writeEpiRS_label_softdelay.m'],'none','a')
ex('I need a 2D radial UTE with half-pulse excitation, the RF resampled onto the slice-gradient ramp and sampling that starts on the readout ramp, to get TE below 100 µs; can you give me the code?',[M+'writeUTE_rs.m'],'none','c')
ex('is there an educational EPI without ramp sampling that fills the raw data header with labels (slice, line, navigator) for the reconstruction?',[P+'write_epi_label.py',M+'writeEpi_label.m'],'none','b')
ex('which script shows GE segment (TRID) labels being numbered automatically, with inversion-recovery, fat-suppression and readout segments?',[M+'write_demo_automatic_TRID_labels.m'],'none','b')
ex('multi-slice spin-echo EPI with ramp sampling, partial Fourier and fat saturation, no diffusion weighting',[P+'write_epi_se_rs.py',M+'writeEpiSpinEchoRS.m'],'none','a')
ex('is there a bare-bones 2D Cartesian gradient echo with no spoiling at all (no spoiler gradients, no phase rewinder, no RF spoiling), meant as the starting point of a teaching demo?',[M+'writeGRE_live_demo_step0.m',M+'writeGRE_live_demo.m'],'none','b')
ex("I need a single-echo, fully sampled 2D RF-spoiled gradient echo with a TR of 10 ms and a TE just over 4 ms that sets the data labels the scanner's built-in reconstruction needs, can you give me the code?",[M+'writeGradientEcho_label.m',P+'write_gre_label.py'],'none','c')
ex('2D radial gradient echo with the spokes rotated by the rotation extension, TE 8 ms and TR 20 ms',[M+'writeRadialGradientEcho_rotExt.m'],'none','a')
ex('basic 2D radial UTE-like sequence without ramp sampling or ramp RF, TE around 300 to 400 µs',[P+'write_ute.py',M+'writeUTE.m'],'none','a')
# --- 6 docs questions
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp('if one event I pass to seq.addBlock lasts longer than the block duration, what does the seq format say the interpreter must do?',[11],'matlab','b')
sp("I'm adding blocks that contain only mr.makeLabel events, so they have zero duration; does the file format allow zero-duration blocks, and how are empty delay blocks treated?",[11],'matlab','c')
sp('[TRAP] and [GRADIENTS] event IDs from mr.makeTrapezoid and mr.makeArbitraryGrad: may they overlap',[7,14],'matlab','a')
sp("I'm parsing a file written by MATLAB's seq.write and need to know how numbers are stored: which values are 64-bit integers, which are floats, and what precision do shape samples have?",[6],'matlab','c')
sp('what should an interpreter do with a seq file that has no [VERSION] section?',[7],'none','b')
sp('design goals of the pulseq file format, and why it is plain text instead of XML',[4],'none','a')

# ---------------- checks
assert len(Q)==30
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':13,'python':5,'none':12}
from collections import Counter
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert not any(q['kind']=='api' for q in Q)
assert grp[('example','code','matlab')]==9 and grp[('example','code','python')]==5 and grp[('example','code','none')]==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==4 and grp[('spec','text','none')]==2
# Python-named requests say pypulseq; no-identifier requests name no language
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# stems of all 59 example scripts
allf=[l.strip() for l in open('/tmp/blind11_all.txt') if l.strip()]
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
assert len(stems)==59
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# entry defined in first relevant file
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name), in addition to the draw's parser (comments/strings stripped / ast)
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,l.split('%')[0] if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"]
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# example relevants only under example dirs; drawn file first for sequence-kind
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P))
drawn=['writeSpinEcho_softdelay.m','writeEpiRS_label.m','writeUTE_rs.m','write_epi_label.py','write_demo_automatic_TRID_labels.m',
 'write_epi_se_rs.py','writeGRE_live_demo_step0.m','writeGradientEcho_label.m','writeRadialGradientEcho_rotExt.m','write_ute.py']
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
assert [os.path.basename(q['relevant'][0]) for q in ks]==drawn
# spec pages: within 4-22, where both PDF copies have identical page text, except page 7, whose only difference is the
# revision digit of the [VERSION] example (checked here with pypdf)
import pypdf, difflib
r1=pypdf.PdfReader(os.path.join(D,SPEC[0])); r2=pypdf.PdfReader(os.path.join(D,SPEC[1]))
same=[p for p in range(1,len(r2.pages)+1) if r1.pages[p-1].extract_text()==r2.pages[p-1].extract_text()]
print('identical pages',same)
d7=[l for l in difflib.unified_diff(r1.pages[6].extract_text().splitlines(),r2.pages[6].extract_text().splitlines(),lineterm='',n=0) if l[:1] in '+-' and l[:3] not in ('+++','---')]
print('page 7 diff',d7); assert len(d7)==2 and all('re vi sio n' in l for l in d7)
for q in Q:
    if q['kind']=='spec': assert all(p in range(4,23) and (p in same or p==7) for p in q['pages']),q['pages']
with open(OUT,'w') as f:
    for q in Q:
        f.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')})+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
