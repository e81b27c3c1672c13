# blind16: writes questions.jsonl and runs all mechanical checks. blind15's make_questions.py (itself blind14's with the
# package-scoped api check) with this set's questions and these changes, marked 'blind16': paths /tmp/blind16_*, seed 161
# for the kind-of-sequence walk, this set's draws in the order asserts, this set's spec pages and key phrases, and the
# package-scoped api check extended to MATLAB class folders (a capitalised qualifier component is a class folder '@X',
# a lower-case one a package '+x'; if the query has no '<qualifier>.<entry>', the qualifier is the query's first
# 'mr.'/'seq.' token: 'mr.EventLibrary' -> +mr/@EventLibrary/). Reads /tmp/blind16_all.txt and
# /tmp/blind16_callers.json (written by the listing command in README.md / draw_example_funcs.py). Needs
# pdftotext/pdfinfo (poppler-utils) for the page checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind16_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which MATLAB demo scripts call seq.waveforms_and_times to plot the gradient waveforms and check them for gaps?','seq.waveforms_and_times','matlab','b')
fx("I want to speed up sequence generation by pre-registering the RF pulses before the main loop; show me the demos that call seq.registerRfEvent",'seq.registerRfEvent','matlab','c')
fx('demo sequences that emit a digital output trigger pulse created with mr.makeDigitalOutputPulse','mr.makeDigitalOutputPulse','matlab','a')
fx('which demo scripts design their RF pulses with mr.makeSLRpulse?','mr.makeSLRpulse','matlab','b')
fx("Some demos need Python with SigPy installed to design their pulses; show me the ones that check for it with mr.aux.isSigPyAvailable before going on",'mr.aux.isSigPyAvailable','matlab','c')
fx('seq.sound in the MATLAB demo sequences, playing the gradient waveforms back as audio','seq.sound','matlab','a')
fx('is there a pypulseq example that plots the gradient waveforms it gets from seq.waveforms_and_times?','seq.waveforms_and_times','python','b')
fx('pypulseq example that loads an existing sequence file with seq.read()','seq.read','python','a')
fx("I need the time of an RF pulse's effective centre to get my echo time right in pypulseq; show me every example script that calls pp.calc_rf_center",'pp.calc_rf_center','python','c')
fx('does any pypulseq example replace a block of a loaded sequence with seq.set_block?','seq.set_block','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('is there a spin-echo EPI without any diffusion weighting that splits the phase blips so they overlap the readout and samples on the gradient ramps: three 3 mm slices, TE 40 ms, 64 by 64 over a 250 mm field of view, 3/4 partial Fourier, a fat saturation pulse before every slice and a trigger output sent with each excitation?',
   [P+'write_epi_se_rs.py',M+'writeEpiSpinEchoRS.m'],'none','b')
ex("I need an accelerated 3D MPRAGE for a parallel-imaging reconstruction: every second line of the outer phase-encoding loop skipped apart from 32 fully sampled reference lines in the centre, a noise acquisition at the start and reference and imaging flags set for each line; hyperbolic-secant inversion, inversion time 1100 ms, 2500 ms from one inversion to the next, 7 degree hard-pulse excitation, sagittal 192 by 240 by 256 matrix. Can you point me to the code?",
   [M+'writeMPRAGE_grappa.m'],'none','c')
ex('fully sampled 3D MPRAGE without parallel-imaging undersampling: adiabatic hyperbolic-secant inversion every 2500 ms, inversion time 1100 ms, 7 degree rectangular excitation pulses with RF spoiling at the shortest inner TR, readout along the longest side of a 192 by 240 by 256 mm field of view',
   [M+'writeMPRAGE.m',P+'write_mprage.py'],'none','a')
ex('do you have a basic single-slice 2D spoiled gradient echo: 10 degree sinc excitation of a 3 mm slice, TE 5 ms, TR 12 ms, 256 mm field of view, RF spoiling plus spoiler gradients on the readout and slice axes, and the phase encoding rewound after every echo?',
   [M+'writeGradientEcho.m',P+'write_gre.py'],'none','b')
ex("I want single-voxel proton spectroscopy with point-resolved localisation: one 90 degree and two 180 degree slice-selective pulses on three orthogonal axes defining a 20 by 30 by 40 mm voxel, TE 120 ms, TR 3 s, water suppression by three Gaussian pulses with spoilers in front, and a long 4096-point acquisition. Where's the code?",
   [M+'writePRESS.m'],'none','c')
ex('Cartesian multi-shot turbo spin echo without any blade rotation: echo train length 16, first echo at 12 ms, 180 degree refocusing pulses, a single 5 mm slice over a 256 mm field of view, TR 2 s',
   [M+'writeTSE.m',P+'write_tse.py'],'none','a')
ex('is there a 3D Cartesian spoiled gradient echo with a short non-selective 8 degree hard pulse, a 64 cubed matrix over 200 by 200 by 160 mm, TE 10 ms and TR 40 ms, that plays 50 repetitions without acquisition to reach steady state first?',
   [M+'writeGradientEcho3D.m'],'none','b')
ex('where can I find a single-slice radial gradient echo with fixed timing: TE 8 ms, TR 20 ms, 10 degree sinc pulse on a 3 mm slice, 260 mm field of view, projection angles stepped uniformly over half a turn, 20 dummy projections without sampling, and RF spoiling?',
   [P+'write_radial_gre.py',M+'writeRadialGradientEcho.m',M+'writeRadialGradientEcho_rotExt.m'],'none','b')
ex("I'd like to try RF shimming on a two-channel transmit system with a plain 2D spoiled gradient echo: image the same 5 mm slice four times, the first time without shim settings and then with the second channel's phase advanced by a quarter turn on every further repetition; 15 degree flip, TR 20 ms, 256 by 256 over 224 mm. Can you show me how that is coded?",
   [M+'writeGRE_rfShim.m'],'none','c')
ex('2D multi-slice spoiled gradient echo prepared for GRAPPA-type reconstruction on the scanner: twofold phase-encoding undersampling with 32 fully acquired calibration lines in the centre, a noise readout at the start, reference and imaging flags for each line, three slices, 10 degree flip, TR 30 ms, 128 by 128 over 256 mm',
   [M+'writeGradientEcho_grappa.m'],'none','a')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I'm adding TE, TR and FOV entries with seq.setDefinition; according to the specification, do such optional definitions change how the sequence is executed, and what may the definitions section be used for beyond the required entries?",[9,10],'matlab','c')
sp('if mr.makeArbitraryRf is given a dwell time longer than the RF raster, how does the [RF] line tell the interpreter where the samples lie in time, in which unit are those time points given, and what does a zero in that field mean?',[7,12],'matlab','b')
sp("mr.makeGaussPulse fat saturation with a ppm frequency offset: in the specification's [RF] example, which use code and ppm frequency the fat-sat pulse carries, and why it also has a ppm phase value",[12,13],'matlab','a')
sp("I'm using mr.makeRotation so that one spiral gradient can be reused for every shot; what does the specification say the rotation extension is for, and what does it warn interpreter writers about and recommend comparing against?",[20],'matlab','c')
sp('after mr.compressShape, how is each shape laid out in the [SHAPES] section: which header lines start it, how is the end of a shape marked, and what must the number of decompressed samples match?',[21,22],'matlab','b')
sp('mr.makeSoftDelay and the soft delay extension: which blocks it may rewrite at run time, and the typical uses the specification lists',[19],'matlab','a')
sp("I'm building a gradient with pypulseq's pp.make_extended_trapezoid that starts and ends at nonzero amplitude; which fields of the [GRADIENTS] line record the amplitude at the start and at the end, in what unit, and for which kinds of gradient do they matter?",[13,14],'python','c')
sp('pypulseq pp.make_label and the label extension: the two label types, which of them cannot be used on flags, and what the extension is meant to pass on to image reconstruction',[17],'python','a')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
S=A+'@Sequence/Sequence.m'
api("I'm looking up a key in a containers.Map with a fallback value through mr.aux.containers_map_lookup_ik; what do I pass it?",'matlab','containers_map_lookup_ik','params',[A+'+aux/containers_map_lookup_ik.m'],'c')
api('what arguments does mr.calcAdcSeg take?','matlab','calcAdcSeg','params',[A+'calcAdcSeg.m'],'b')
api('mr.makeAdiabaticPulse parameters','matlab','makeAdiabaticPulse','params',[A+'makeAdiabaticPulse.m'],'a')
api('which inputs does the find_mat function in the mr.EventLibrary class folder take?','matlab','find_mat','params',[A+'@EventLibrary/find_mat.m'],'b')
api('I need to cut a trapezoid at a given time point with mr.splitGradientAt; which arguments does it expect?','matlab','splitGradientAt','params',[A+'splitGradientAt.m'],'c')
api('MATLAB seq.write arguments','matlab','write','params',[A+'@Sequence/write.m'],'a')
api("which keyword arguments does pypulseq's pp.make_adc accept?",'python','make_adc','params',[PA+'make_adc.py'],'b')
api("I'm computing the fastest trapezoid for a given area with calculate_shortest_params_for_area from pypulseq's make_trapezoid module; what inputs does it need?",'python','calculate_shortest_params_for_area','params',[PA+'make_trapezoid.py'],'c')
api('pypulseq pp.scale_grad inputs','python','scale_grad','params',[PA+'scale_grad.py'],'a')
api('what does seq.calculateKspaceUnfunc return?','matlab','calculateKspaceUnfunc','returns',[S],'b')
api("I'm pre-registering a trigger event with seq.registerControlEvent before my loop; what does it hand back?",'matlab','registerControlEvent','returns',[S],'c')
api('in pypulseq, what does seq.get_raw_block_content_IDs return?','python','get_raw_block_content_IDs','returns',[PA+'Sequence/sequence.py',PA+'Sequence/block.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind16_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
assert [q['entry'] for q in Q if q['kind']=='api']==['containers_map_lookup_ik','calcAdcSeg','makeAdiabaticPulse','find_mat',
  'splitGradientAt','write','make_adc','calculate_shortest_params_for_area','scale_grad','calculateKspaceUnfunc',
  'registerControlEvent','get_raw_block_content_IDs']
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,l.split('%')[0] if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
assert exfns==['seq.waveforms_and_times','seq.registerRfEvent','mr.makeDigitalOutputPulse','mr.makeSLRpulse',
  'mr.aux.isSigPyAvailable','seq.sound','seq.waveforms_and_times','seq.read','pp.calc_rf_center','seq.set_block']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 161 (blind16); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(161); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
KEY={7:['The ID of 0 for a time shape corresponds to the','meaning an incremental time sampling with the corresponding default time raster'],
     9:['all definitions that are not required are optional and','do not affect the basic sequence execution'],
     10:['The definitions section may be used for arbitrary user-specific purposes, including attaching metadata or hardware-dependent',
         'Some Pulseq file interpreters use optional Definitons to make decisions about the sequence execution or aid user parameter choises on the scanner'],
     12:['<time_id> integer Shape ID for the time sampling','points, specified in the units of','RadiofrequencyRasterTime; 0 means','default time raster',
         '2 130 3 4 0 4000 100 -3 .350 0 .0841 0 .000 0 .000 s','initial of one of: excitation, refocus-'],
     13:['ID of 2 is a saturation pulse with the peak amplitude of 130Hz','It is a fat saturation pulse as can be seenfrom the <freq_ppm> of -3.35',
         'The corresponding <phase_ppm> value of 0.0841 rad/MHz is introduced','to compensate for the phase due to the frequency offset, leading to the phase',
         'at the RF pulse center of 0','Arbitrary gradients are in a section declared with the [GRADIENTS] keyword',
         '<id > < amp > < first > < last > < shape_id > < time_id > < delay >'],
     14:['<first> float The amplitude of the gradient at the start Hz/m','of the gradient. Only relevant for the ar-',
         'bitrary gradients (shaped gradients and ex- tended trapezoids)','<last> float The amplitude of the gradient at the end of Hz/m'],
     17:['Two types of extensions are currently defined: LABELSET and LABELINC',
         'the latter can be used to increment the counter (not compatible with flags)',
         'pass counters and flags over to the raw data object and in this way to communicate with the image reconstruction rou-'],
     19:['The soft delay extension has been introduced in revision 1.5.0','pure delay blocks (blocks of non-zero duration containing no RF, gradient or ADC events)',
         'Soft Delay extension is able to rewrite the duration of the block at run time',
         'adjusting the cardiac delay based on the current subject pulse rate, adjusting delays in composite pulses for MR spectroscopy or setting TE and TR for readily exported sequences'],
     20:['reuse the gradient object, expecially in case of arbitrary shapes, e.g. as needed for multi-shot spiral seuqnces',
         'specify a rotation operation that is applied to the entire block as a whole',
         'A great care should be taken when implementing rotation support in interpreters because of the misinterpretation possibilities',
         'inconsistencies between raw-major vs. column-major matrix math libraries',
         'we recommend to compare measurement results generated by the sequences using the rotation extension with the sequence relying on explicit rotations'],
     21:['Each shape is then declared with a header followed by a list of samples values (one per line)',
         'The end of the shape definition is declared with a blank line','shape_id <id > num_samples <num >'],
     22:['The number of points after decompressing all samples defined in a shape must be equal the number declared in <num_samples>']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
